import { createActor, fromPromise, type ActorRefFrom } from 'xstate'
import type { Connector } from '../connector/connector.js'
import type { Alert } from '../errors/alerts.js'
import { LatchError } from '../errors/latch-error.js'
import type { ChainNamespace } from '../identifiers/types.js'
import { accountDataMachine } from '../machines/account-data.machine.js'
import { connectionMachine } from '../machines/connection.machine.js'
import {
  sameAccountState,
  selectAccountState,
  type AccountState,
  type ConnectHelperResult,
} from '../machines/connection.selectors.js'
import { networkMachine } from '../machines/network.machine.js'
import { selectActiveCaipNetworkId, selectActiveNetwork } from '../machines/network-rules.js'
import type { HostNetwork, Network } from '../network/network.js'
import { parseOptions } from '../options/parse-options.js'
import type { LatchOptions, ResolvedFeatures, ResolvedOptions } from '../options/schema.js'
import {
  changeTheme,
  type LatchTheme,
  type ThemeChange,
  type ThemeMode,
  type ThemeVariables,
} from '../options/theme.js'
import { isMobileDevice } from '../platform/is-mobile.js'
import type { OpenRequest } from '../router/open-rules.js'
import { route, type Route } from '../router/routes.js'
import type { StorageReport } from '../storage/latch-storage.js'
import type { RecentWallet } from '../storage/keys.js'
import type { StoragePort } from '../storage/storage-port.js'
import { createLatchDirectory, type LatchDirectory } from '../wallets/latch-directory.js'
import type { WalletConnectConfig, WalletConnectSession } from '../walletconnect/contract.js'
import { createWalletConnectLink } from '../walletconnect/link.js'
import { pairWalletActor } from '../walletconnect/pair-actor.js'
import { walletConnectMachine } from '../walletconnect/walletconnect.machine.js'
import { accountDataActors, accountServices } from './account-services.js'
import { connectionActors, createAdapterRegistry, networkActors } from './adapter-actors.js'
import { currentConnection, started } from './started.js'
import { latchMachine } from './latch.machine.js'
import { createPageActions, type PageTransaction } from './page-actions.js'
import type { LatchChildren } from './root-events.js'
import { serverServices, type ServerEnvironment } from './server-services.js'

/**
 * The platform around an instance. Every field has a browser default; tests and servers inject.
 * The server's part (`fetch`, and `fetchProjectConfig` and `directory` to stand in for the
 * `serverUrl`'s configuration and wallet directory) is described in server-services.ts.
 */
export interface LatchEnvironment extends ServerEnvironment {
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
}

/** `open()`'s argument: an explicit view (with its typed data) or a namespace to switch to. */
export type OpenOptions = { route?: Route; namespace?: ChainNamespace }

/** `connect()`'s argument: a discovered wallet to ask at once, instead of the Connect view. */
export type ConnectOptions = { connectorId?: string }

export type LatchActor = ActorRefFrom<typeof latchMachine>

/** One independent Latch: its machines, its storage, its wallets. Two never share anything. */
export interface Latch {
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
  /**
   * Switches network (SPEC §4 rules pick the confirming view, which asks the wallet, adding an
   * unknown chain and retrying). Resolves once the network is active; rejects with the wallet's
   * error, with USER_REJECTED when the modal is closed first, or CHAIN_NOT_CONFIGURED. The
   * network is matched by caipNetworkId among `networks` (so one passed without `rpcUrls` is
   * switched to with its server RPC).
   */
  switchNetwork(network: HostNetwork): Promise<void>
  /** Signs a plain-text message with the current account (the wallet prompts). */
  signMessage(message: string): Promise<string>
  /** Sends a transaction from the current account on the active network; resolves with its hash. */
  sendTransaction(transaction: PageTransaction): Promise<string>
}

/**
 * Creates an instance from the host's options, validated at the boundary: invalid options throw
 * one `LatchOptionsError` naming every wrong field; a missing project id is an alert, not a crash.
 * Touches no browser API: the I/O starts with {@link Latch.start}.
 */
export function createLatch(input: LatchOptions, env: LatchEnvironment = {}): Latch {
  const { options, alerts } = parseOptions(input)
  const registry = createAdapterRegistry(options.adapters)
  const firstNetworkByNamespace: Partial<Record<ChainNamespace, Network>> = {}
  for (const network of options.networks)
    firstNetworkByNamespace[network.chainNamespace] ??= network

  // Asked when needed (at START, and by WalletConnect on a request), never at import.
  const isMobile = env.isMobile ?? (() => isMobileDevice())
  const { walletConnect } = options
  const walletConnectLink = createWalletConnectLink({
    ...(walletConnect
      ? { loader: (config: WalletConnectConfig) => walletConnect.load(config, { isMobile }) }
      : {}),
    registry,
    projectId: options.projectId,
    // Its own chunk too: only an instance that pairs (or restores a session) needs it.
    config: () =>
      import('../walletconnect/config.js').then((m) => m.walletConnectConfig(options, registry)),
  })

  const port = env.storage ?? (options.storage as StoragePort | undefined)
  const server = serverServices(options, env)
  const { fetchProjectConfig } = server
  const account = accountServices(options, env)
  const machine = latchMachine.provide({
    actors: {
      connection: connectionMachine.provide({
        // The restored network of a namespace, for wallets without a chain of their own.
        actors: connectionActors(registry, walletConnectLink, (namespace) =>
          selectActiveNetwork(network.getSnapshot(), namespace),
        ),
      }),
      network: networkMachine.provide({ actors: networkActors(registry) }),
      accountData: accountDataMachine.provide({ actors: accountDataActors(account) }),
      walletConnect: walletConnectMachine.provide({
        actors: { pairWallet: pairWalletActor(walletConnectLink) },
      }),
      attachSession: fromPromise<WalletConnectSession, WalletConnectSession>(async ({ input }) => {
        await walletConnectLink.attach(input)
        return input
      }),
      // The I/O's own chunk: a dynamic import, so none of it is in the host's start-up JS.
      loadRuntime: fromPromise(() =>
        import('./runtime.js').then(({ createRuntime }) =>
          createRuntime({
            ...(port ? { port } : {}),
            prefix: options.storageKeyPrefix,
            ...(env.onStorageReport ? { onReport: env.onStorageReport } : {}),
            ...(env.clearBrowserData ? { clearBrowserData: env.clearBrowserData } : {}),
          }),
        ),
      ),
      // SPEC §7: the project's features from its Latch server (or the environment's stand-in).
      ...(fetchProjectConfig
        ? { fetchProjectConfig: fromPromise(({ signal }) => fetchProjectConfig(signal)) }
        : {}),
    },
  })
  const signInEnabled = Boolean(options.siwx ?? options.siweConfig)
  const actor = createActor(machine, {
    input: {
      alerts,
      features: options.features,
      featuresInput: (input as { features?: LatchOptions['features'] }).features,
      theme: { themeMode: options.themeMode, themeVariables: options.themeVariables },
      network: {
        networks: options.networks,
        adapterNamespaces: [...registry.keys()],
        ...(options.defaultNetwork ? { defaultNetwork: options.defaultNetwork } : {}),
        allowUnsupportedChain: options.allowUnsupportedChain,
        enableNetworkSwitch: options.enableNetworkSwitch,
      },
      modal: {
        facts: {
          firstNetworkByNamespace,
          hasAdapters: registry.size > 0,
          walletConnect: walletConnectLink.available,
          manualWalletControl: options.manualWalletControl,
          embedded: options.embedded,
          signInEnabled,
          signInRequired: signInEnabled && isSignInRequired(options),
          activeNamespace: options.networks[0]?.chainNamespace,
        },
      },
      io: {
        registry,
        walletConnect: walletConnectLink,
        reconnect: options.enableReconnect,
        isMobile,
        ...(account ? { account } : {}),
      },
    },
  })
  actor.start()
  const children: LatchChildren = actor.getSnapshot().context
  const { connection, network, modal } = children

  // Validated before anything is sent: a wrong value throws and changes nothing.
  const setTheme = (change: ThemeChange) =>
    actor.send({ type: 'SET_THEME', theme: changeTheme(actor.getSnapshot().context.theme, change) })
  const actions = createPageActions({
    registry,
    connection,
    activeNetwork: () => latch.getActiveNetwork(),
    refreshBalance: () => actor.send({ type: 'REFRESH_BALANCE' }),
  })
  const latch: Latch = {
    options,
    actor,
    connection,
    network,
    modal,
    toast: children.toast,
    walletConnect: children.walletConnect,
    accountData: children.accountData,
    walletConnectAvailable: walletConnectLink.available,
    // SPEC §8: a 403 from the directory, whichever view asked, is the root's alert to raise.
    directory: createLatchDirectory(options.projectId, server.directory, () => {
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'SERVER_FORBIDDEN' })
    }),
    start() {
      // Idempotent; after a failed load of the I/O chunk, the next call tries again.
      actor.send({ type: 'START' })
    },
    ready() {
      latch.start()
      return started(actor)
    },
    destroy() {
      actor.stop()
      void walletConnectLink.close()
    },
    getAlerts: () => actor.getSnapshot().context.alerts,
    getFeatures: () => actor.getSnapshot().context.features,
    getTheme: () => actor.getSnapshot().context.theme,
    setThemeMode: (themeMode) => setTheme({ themeMode }),
    setThemeVariables: (themeVariables) => setTheme({ themeVariables }),
    getConnectors: () =>
      Object.values(actor.getSnapshot().context.connectors).flatMap((list) => list ?? []),
    open(request: OpenRequest = {}) {
      latch.start()
      modal.send({ type: 'OPEN', ...request })
    },
    close() {
      modal.send({ type: 'CLOSE' })
    },
    async connect(request: ConnectOptions = {}) {
      // Flows run once the instance does (the route's flow is started by its listeners).
      await latch.ready()
      const current = currentConnection(children, request.connectorId)
      if (current) return current
      const { runtime } = actor.getSnapshot().context
      // SPEC §4, read as Latch's own stores: the host's databases and keys are never touched.
      const next = runtime!.nextConnection(children, () => runtime!.clearOwnData())
      // The waiting view starts the connect itself (core's route flow), as when a user picks it.
      modal.send(
        request.connectorId
          ? {
              type: 'OPEN',
              route: route('ConnectingExternal', { connectorId: request.connectorId }),
            }
          : { type: 'OPEN' },
      )
      return next
    },
    disconnect() {
      const { runtime } = actor.getSnapshot().context
      const done = runtime?.disconnected(children)
      // Before the instance runs nothing is connected; a logout while it starts still keeps
      // it from reconnecting what the last visit left (the root remembers the logout).
      actor.send({ type: 'DISCONNECT' })
      return done ?? Promise.resolve()
    },
    async removeAdapter(namespace) {
      await latch.ready()
      if (!registry.has(namespace)) throw new LatchError('ADAPTER_NOT_FOUND')
      const { runtime } = actor.getSnapshot().context
      const done = runtime!.disconnected(children, namespace)
      actor.send({ type: 'REMOVE_ADAPTER', namespace })
      await done
      // Only now: disconnecting its wallets still needed it.
      registry.delete(namespace)
    },
    getAccount: () => selectAccountState(connection.getSnapshot()),
    subscribeAccount(listener) {
      let last = latch.getAccount()
      const sub = connection.subscribe((snapshot) => {
        const account = selectAccountState(snapshot)
        if (sameAccountState(account, last)) return
        last = account
        listener(account)
      })
      return () => sub.unsubscribe()
    },
    getRecentWallets: () => [...actor.getSnapshot().context.recentWallets],
    getActiveNetwork: () => selectActiveNetwork(network.getSnapshot()),
    signMessage: actions.signMessage,
    sendTransaction: actions.sendTransaction,
    async switchNetwork(requested) {
      const target = options.networks.find((n) => n.caipNetworkId === requested.caipNetworkId)
      if (!target) throw new LatchError('CHAIN_NOT_CONFIGURED')
      // Running first: the view it asks for is routed by the started instance's listeners.
      await latch.ready()
      // SPEC §4: the same network: nothing happens.
      if (selectActiveCaipNetworkId(network.getSnapshot()) === target.caipNetworkId) return
      const switched = actor.getSnapshot().context.runtime!.networkSwitched(children, target)
      // The network machine picks the confirming view; showing it starts the switch.
      network.send({ type: 'SWITCH_NETWORK', network: target })
      return switched
    },
  }
  return latch
}

function isSignInRequired(options: ResolvedOptions): boolean {
  if (options.siwx) return options.siwx.getRequired?.() ?? false
  return options.siweConfig?.required ?? false
}
