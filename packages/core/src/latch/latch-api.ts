import type { ActorRefFrom, InspectionEvent } from 'xstate'
import type { Connector } from '../connector/connector.js'
import type { Alert } from '../errors/alerts.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { AccountState, ConnectHelperResult } from '../machines/connection.selectors.js'
import type { PopupMessages, SocialPopupOpener } from '../flows/social/social-popup.js'
import type { MiniAppPage } from '../platform/mini-app-page.js'
import type { Network } from '../network/network.js'
import type { ResolvedFeatures, ResolvedOptions } from '../options/schema.js'
import type { LatchTheme, ThemeMode, ThemeVariables } from '../options/theme.js'
import type { Route } from '../router/routes.js'
import type { StorageReport } from '../storage/latch-storage.js'
import type { RecentWallet } from '../storage/keys.js'
import type { StoragePort } from '../storage/storage-port.js'
import type { LatchDirectory } from '../wallets/latch-directory.js'
import type { AuthFrameOptions } from '../auth/auth-frame.js'
import type { LatchAuth } from '../auth/latch-auth.js'
import type { latchMachine } from './latch.machine.js'
import type { PageTransaction } from './page-actions.js'
import type { LatchChildren } from './root-events.js'
import type { AnyFlowList, FlowList } from '../flows/flow-list.js'
import type { BuiltInHost } from './flow-types.js'
import type { ServerEnvironment } from './server-services.js'

/** The host methods of a list of flows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any modules, any context
type HostOfList<Flows> = Flows extends FlowList<any, infer Host, any> ? Host : never

// What an instance is, for hosts and views: its environment, its helpers' arguments, and the
// instance itself. `createLatch` (create-latch.ts) builds one.

/**
 * The platform around an instance. Every field has a browser default; tests and servers inject.
 * The server's part (`fetch`, and `fetchProjectConfig` and `directory` to stand in for the
 * `serverUrl`'s configuration and wallet directory) is described in server-services.ts.
 */
export interface LatchEnvironment extends ServerEnvironment {
  /**
   * xstate's inspector, on the instance's one actor system: it sees every actor (the root, its
   * children, every flow's run and instance-long actors, their own children), every event and
   * every snapshot. For dev tools and tests; none by default.
   */
  inspect?: (event: InspectionEvent) => void
  /** Where to persist; default: `options.storage`, else localStorage when usable, else memory. */
  storage?: StoragePort
  /**
   * Phones get AllWallets instead of the QR view (SPEC §2 rule 2), and WalletConnect requests
   * reopen the wallet's app there. Default: this device's check (a coarse pointer or a mobile
   * user agent), made when the instance starts, never at import.
   */
  isMobile?: () => boolean
  /**
   * SPEC §4: what the connect helper deletes on failure besides Latch's own keys; default: the
   * IndexedDB databases Latch owns (`LATCH_OWNED_DATABASES`), never the host's.
   */
  clearBrowserData?: () => Promise<void>
  /** Told when stored data was corrupt or could not be written (storage never throws). */
  onStorageReport?: (report: StorageReport) => void
  /**
   * The secure frame's client code and iframe (default: `@latch/frame/client`, loaded on first
   * email login, and an iframe in `document.body`). Tests and stories hand a scripted frame.
   */
  authFrame?: Pick<AuthFrameOptions, 'loader' | 'mount'>
  /**
   * Opens the social login's popup (issue 12); default `window.open`, centred over the page and
   * read at call time. Tests hand a fake window. Returns `null` when the popup was blocked.
   */
  socialPopup?: SocialPopupOpener
  /**
   * How the host page hears the social popup's page (issue 29: it says when it listens for the
   * binding); default the window's `message` events. Tests hand a fake.
   */
  popupMessages?: PopupMessages
  /**
   * The page a mini app's social login leaves and comes back to (issue 29, SPEC §2): whether it
   * is a mini app (default: Telegram's `window.Telegram` or `TelegramWebviewProxy`), its URL,
   * how it leaves and how its address bar is rewritten. Read at each use. Tests hand a fake.
   */
  miniAppPage?: MiniAppPage
  /**
   * The page signing in (issue 30): the sign-in message's `uri`, whose origin is its domain.
   * Default: the page's URL, read at each sign-in. Tests outside a browser hand one.
   */
  signInPageUri?: () => string
}

/**
 * `open()`'s argument: an explicit view (with its typed data) or a namespace to switch to; and
 * `siwx: false` for a connect that asks no sign-in (issue 30: sign-in optional on this page).
 */
export type OpenOptions = { route?: Route; namespace?: ChainNamespace; siwx?: false }

/** `connect()`'s argument: a discovered wallet to ask at once, instead of the Connect view. */
export type ConnectOptions = {
  connectorId?: string
  /** `false`: this connect asks no sign-in (issue 30), as `open({ siwx: false })`. */
  siwx?: false
}

export type LatchActor = ActorRefFrom<typeof latchMachine>

/**
 * One independent Latch: its machines, its storage, its wallets, and the methods its flows add
 * (flows/index.ts). Two never share anything.
 */
export type Latch = LatchCore & BuiltInHost

/** An instance running the flows of `Flows` (`createLatch(options, { flows })`). */
export type LatchWith<Flows extends AnyFlowList> = LatchCore & HostOfList<Flows>

/** What every instance has, whichever flows it runs. */
export interface LatchCore {
  readonly options: ResolvedOptions
  /** The root actor: its snapshot says which flow runs; views send it the user's intents. */
  readonly actor: LatchActor
  readonly connection: LatchChildren['connection']
  readonly network: LatchChildren['network']
  readonly modal: LatchChildren['modal']
  readonly toast: LatchChildren['toast']
  /** The pairing view's machine: the URI, its lifetime and the wallet's answer. */
  readonly walletConnect: LatchChildren['walletConnect']
  /**
   * The Account view's NFTs and Activity (with or without React): opening the Account view
   * (`open({ route: { view: 'Account' } })`) starts it; send it `SELECT_TAB`, `LOAD_MORE`,
   * `SELECT_NFT`; read it with `selectActivity`, `selectNfts`. Tokens are the connection's account data
   * (`tokenRowsOf`).
   */
  readonly accountData: LatchChildren['accountData']
  /** True when WalletConnect pairing is offered (the `walletConnect` option and a project id). */
  readonly walletConnectAvailable: boolean
  /** The embedded wallet: its secure frame (loaded on first use) and the AUTH connector (auth/latch-auth.ts). */
  readonly auth: LatchAuth
  /** The wallet directory the wallet lists browse. Holds no state and does no I/O until queried. */
  readonly directory: LatchDirectory
  /**
   * Starts the I/O: storage, wallet discovery, reconnect on load. Idempotent; browser only. The
   * I/O is its own chunk, loaded now, so the instance runs a moment later: see {@link ready}.
   */
  start(): void
  /** Starts the instance if needed; resolves once it runs (its I/O loaded). */
  ready(): Promise<void>
  /** Stops the I/O and the machines. The instance cannot be restarted. */
  destroy(): void
  /** Setup problems to show (SPEC §8 alerts), e.g. PROJECT_ID_NOT_CONFIGURED. */
  getAlerts(): readonly Alert[]
  /** The features in force: the host's options, overridden by the project's remote config. */
  getFeatures(): ResolvedFeatures
  /** The theme in force: `themeMode` and `themeVariables` (every default applied). */
  getTheme(): LatchTheme
  /**
   * Switches the theme live: the modal and the ConnectButton follow at once, and nothing else
   * happens (no reconnect). Throws a LatchOptionsError naming `themeMode` for anything but
   * 'light' or 'dark', and then nothing changes.
   */
  setThemeMode(themeMode: ThemeMode): void
  /**
   * Changes theme variables live, laid over the ones in force (the others stay). Checked like
   * the `themeVariables` option: a wrong value throws a LatchOptionsError naming the field
   * (`themeVariables.--latch-accent`), and then nothing changes.
   */
  setThemeVariables(themeVariables: ThemeVariables): void
  /** The wallets the adapters have discovered so far, every namespace. */
  getConnectors(): readonly Connector[]
  /** SPEC §1 page helper: opens the modal per the SPEC §2 opening rules. */
  open(options?: OpenOptions): void
  close(): void
  /**
   * SPEC §4 connect helper: resolves at once when connected; otherwise opens the modal (at the
   * named wallet's waiting view with `connectorId`, which asks it at once) and resolves on the
   * next connection. On a connect failure it clears Latch's own stores, then rejects. Closing
   * the modal without connecting rejects with USER_REJECTED (nothing is cleared).
   */
  connect(options?: ConnectOptions): Promise<ConnectHelperResult>
  /**
   * SPEC §1 page helper, the host's logout: disconnects every connection, abandons any connect,
   * reconnect or pairing in flight, and closes the modal. Resolves once disconnected, from any
   * state, within SPEC §9's 3 s disconnect wait.
   */
  disconnect(): Promise<void>
  /**
   * Removes the adapter of `namespace`, as AppKit's removeAdapter does: its connections end, its
   * wallets leave the lists and its discovery stops; when its network was active, the first
   * network of another adapter becomes active (SPEC §4). Resolves once its wallets are
   * disconnected; rejects with ADAPTER_NOT_FOUND when no adapter serves `namespace`.
   */
  removeAdapter(namespace: ChainNamespace): Promise<void>
  /** SPEC §3 account state exposed to the host. */
  getAccount(): AccountState
  subscribeAccount(listener: (account: AccountState) => void): () => void
  getActiveNetwork(): Network | undefined
  /**
   * SPEC §3 recent wallets (at most 2, most recent first), for the Connect view. Read from
   * storage when the instance starts: empty before {@link ready}.
   */
  getRecentWallets(): RecentWallet[]
  /** Signs a plain-text message with the current account (the wallet prompts). */
  signMessage(message: string): Promise<string>
  /** Sends a transaction from the current account on the active network; resolves with its hash. */
  sendTransaction(transaction: PageTransaction): Promise<string>
}
