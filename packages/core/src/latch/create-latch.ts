import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Alert } from '../errors/alerts.js'
import { LatchError } from '../errors/latch-error.js'
import type { ChainNamespace } from '../identifiers/types.js'
import { connectionMachine } from '../machines/connection.machine.js'
import {
  selectAccountState,
  selectCurrentConnection,
  selectStatus,
  toConnectHelperResult,
  type AccountState,
  type ConnectHelperResult,
} from '../machines/connection.selectors.js'
import type { ConnectionEmitted } from '../machines/connection.types.js'
import type { modalMachine } from '../machines/modal.machine.js'
import { networkMachine } from '../machines/network.machine.js'
import { selectActiveNetwork } from '../machines/network-rules.js'
import type { toastMachine } from '../machines/toast.machine.js'
import type { Network } from '../network/network.js'
import { parseOptions } from '../options/parse-options.js'
import type { LatchOptions, ResolvedFeatures, ResolvedOptions } from '../options/schema.js'
import type { OpenRequest } from '../router/open-rules.js'
import type { Route } from '../router/routes.js'
import { clearBrowserDatabases, detectStorage } from '../storage/browser-storage.js'
import {
  createLatchStorage,
  type LatchStorage,
  type StorageReport,
} from '../storage/latch-storage.js'
import type { RecentWallet } from '../storage/keys.js'
import type { StoragePort } from '../storage/storage-port.js'
import {
  createLatchDirectory,
  type LatchDirectory,
  type LatchDirectoryOptions,
} from '../wallets/latch-directory.js'
import type { WalletConnectConfig, WalletConnectLoader } from '../walletconnect/contract.js'
import { createWalletConnectLink } from '../walletconnect/link.js'
import { proposalNamespaces } from '../walletconnect/namespaces.js'
import { pairWalletActor } from '../walletconnect/pair-actor.js'
import { walletConnectMachine } from '../walletconnect/walletconnect.machine.js'
import { connectionActors, createAdapterRegistry, networkActors } from './adapter-actors.js'
import { latchMachine } from './latch.machine.js'
import { createPageActions, type PageTransaction } from './page-actions.js'

/** The platform around an instance. Every field has a browser default; tests and servers inject. */
export interface LatchEnvironment {
  /** Where to persist; default: `options.storage`, else localStorage when usable, else memory. */
  storage?: StoragePort
  /** Phones get AllWallets instead of the QR view (SPEC §2 rule 2). */
  isMobile?: () => boolean
  /** SPEC §4: what the connect helper wipes on failure; default: every IndexedDB database. */
  clearBrowserData?: () => Promise<void>
  /** Told when stored data was corrupt or could not be written (storage never throws). */
  onStorageReport?: (report: StorageReport) => void
  /**
   * SPEC §7 GET /appkit/v1/config for this project, called once at start. Its features merge
   * over the local ones; a failure keeps the local values. Absent: local features only.
   */
  fetchProjectConfig?: (projectId: string) => Promise<unknown>
  /** The wallet directory (SPEC §7 GET /getWallets); default: the built-in data module. */
  directory?: LatchDirectoryOptions
  /**
   * Loads the WalletConnect client on first use (a dynamic `import()`, so a host that never pairs
   * downloads none of it). @latch/react's `createLatch` passes @latch/walletconnect's. Absent:
   * WalletConnect is not offered, and choosing it fails with 'WalletConnectConnector not found'.
   */
  walletConnect?: WalletConnectLoader
}

/** `open()`'s argument: an explicit view (with its typed data) or a namespace to switch to. */
export type OpenOptions = { route?: Route; namespace?: ChainNamespace }

export type LatchActor = ActorRefFrom<typeof latchMachine>

/** One independent Latch: its machines, its storage, its wallets. Two never share anything. */
export interface Latch {
  readonly options: ResolvedOptions
  /** The root actor; `latch.actor.system.get('modal')` etc. are what views bind to. */
  readonly actor: LatchActor
  readonly connection: ActorRefFrom<typeof connectionMachine>
  readonly network: ActorRefFrom<typeof networkMachine>
  readonly modal: ActorRefFrom<typeof modalMachine>
  readonly toast: ActorRefFrom<typeof toastMachine>
  /** The pairing view's machine: the URI, its lifetime and the wallet's answer. */
  readonly walletConnect: ActorRefFrom<typeof walletConnectMachine>
  /** True when WalletConnect pairing is offered (a loader and a project id). */
  readonly walletConnectAvailable: boolean
  /** The wallet directory the wallet lists browse. Holds no state and does no I/O until queried. */
  readonly directory: LatchDirectory
  /** Starts the I/O: storage, wallet discovery, reconnect on load. Idempotent; browser only. */
  start(): void
  /** Stops the I/O and the machines. The instance cannot be restarted. */
  destroy(): void
  /** Setup problems to show (SPEC §8 alerts), e.g. PROJECT_ID_NOT_CONFIGURED. */
  getAlerts(): readonly Alert[]
  /** The features in force: the host's options, overridden by the project's remote config. */
  getFeatures(): ResolvedFeatures
  /** SPEC §1 page helper: opens the modal per the SPEC §2 opening rules. */
  open(options?: OpenOptions): void
  close(): void
  /**
   * SPEC §4 connect helper: resolves at once when connected; otherwise opens the modal and
   * resolves on the next connection. On a connect failure it clears storage, then rejects.
   * Closing the modal without connecting rejects with USER_REJECTED (nothing is cleared).
   */
  connect(): Promise<ConnectHelperResult>
  /** SPEC §1 page helper: disconnects every connection; resolves once disconnected. */
  disconnect(): Promise<void>
  /** SPEC §3 account state exposed to the host. */
  getAccount(): AccountState
  subscribeAccount(listener: (account: AccountState) => void): () => void
  getActiveNetwork(): Network | undefined
  /** SPEC §3 recent wallets (at most 2, most recent first), for the Connect view. */
  getRecentWallets(): RecentWallet[]
  /** Asks to switch network; the modal shows the confirmation the SPEC §4 rules pick. */
  switchNetwork(network: Network): void
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

  const walletConnectLink = createWalletConnectLink({
    ...(env.walletConnect ? { loader: env.walletConnect } : {}),
    registry,
    projectId: options.projectId,
    config: () => walletConnectConfig(options, registry),
  })

  const machine = latchMachine.provide({
    actors: {
      connection: connectionMachine.provide({
        actors: connectionActors(registry, walletConnectLink),
      }),
      network: networkMachine.provide({ actors: networkActors(registry) }),
      walletConnect: walletConnectMachine.provide({
        actors: { pairWallet: pairWalletActor(walletConnectLink) },
      }),
    },
  })
  const signInEnabled = Boolean(options.siwx ?? options.siweConfig)
  const actor = createActor(machine, {
    input: {
      alerts,
      features: options.features,
      featuresInput: (input as { features?: LatchOptions['features'] }).features,
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
          manualWalletControl: options.manualWalletControl,
          embedded: options.embedded,
          signInEnabled,
          signInRequired: signInEnabled && isSignInRequired(options),
          activeNamespace: options.networks[0]?.chainNamespace,
        },
      },
    },
  })
  actor.start()
  const system = actor.system
  const connection = system.get('connection') as Latch['connection']
  const network = system.get('network') as Latch['network']
  const modal = system.get('modal') as Latch['modal']
  const toast = system.get('toast') as Latch['toast']
  const walletConnect = system.get('walletConnect') as Latch['walletConnect']

  let storage: LatchStorage | undefined
  const getStorage = () =>
    (storage ??= createLatchStorage({
      port: env.storage ?? (options.storage as StoragePort | undefined) ?? detectStorage(),
      prefix: options.storageKeyPrefix,
      ...(env.onStorageReport ? { onReport: env.onStorageReport } : {}),
    }))

  let started = false
  const actions = createPageActions({
    registry,
    connection,
    activeNetwork: () => latch.getActiveNetwork(),
  })
  const latch: Latch = {
    options,
    actor,
    connection,
    network,
    modal,
    toast,
    walletConnect,
    walletConnectAvailable: walletConnectLink.available,
    directory: createLatchDirectory(options.projectId, env.directory),
    start() {
      if (started) return
      started = true
      actor.send({
        type: 'START',
        bridge: {
          registry,
          storage: getStorage(),
          reconnect: options.enableReconnect,
          isMobile: env.isMobile?.() ?? false,
          walletConnect: walletConnectLink,
        },
      })
      if (env.fetchProjectConfig && options.projectId) {
        env
          .fetchProjectConfig(options.projectId)
          .then((response) => actor.send({ type: 'REMOTE_CONFIG_RECEIVED', response }))
          // SPEC §7: a failed fetch of remote configuration falls back to local values.
          .catch(() => undefined)
      }
    },
    destroy() {
      actor.stop()
      void walletConnectLink.close()
    },
    getAlerts: () => actor.getSnapshot().context.alerts,
    getFeatures: () => actor.getSnapshot().context.features,
    open(request: OpenRequest = {}) {
      latch.start()
      modal.send({ type: 'OPEN', ...request })
    },
    close() {
      modal.send({ type: 'CLOSE' })
    },
    connect() {
      latch.start()
      const snapshot = connection.getSnapshot()
      const current = selectCurrentConnection(snapshot)
      if (selectStatus(snapshot) === 'connected' && current) {
        return Promise.resolve(toConnectHelperResult(current))
      }
      return waitForConnection()
    },
    disconnect() {
      if (selectStatus(connection.getSnapshot()) === 'disconnected') return Promise.resolve()
      return new Promise((resolve) => {
        const sub = connection.subscribe((snapshot) => {
          if (selectStatus(snapshot) !== 'disconnected') return
          sub.unsubscribe()
          resolve()
        })
        connection.send({ type: 'DISCONNECT', all: true })
      })
    },
    getAccount: () => selectAccountState(connection.getSnapshot()),
    subscribeAccount(listener) {
      let last = JSON.stringify(latch.getAccount())
      const sub = connection.subscribe((snapshot) => {
        const account = selectAccountState(snapshot)
        const key = JSON.stringify(account)
        if (key === last) return
        last = key
        listener(account)
      })
      return () => sub.unsubscribe()
    },
    getRecentWallets: () => getStorage().getRecentWallets(),
    getActiveNetwork: () =>
      selectActiveNetwork(network.getSnapshot() as SnapshotFrom<typeof networkMachine>),
    signMessage: actions.signMessage,
    sendTransaction: actions.sendTransaction,
    switchNetwork(target) {
      network.send({ type: 'SWITCH_NETWORK', network: target })
      if (!modal.getSnapshot().matches({ visibility: 'open' }))
        modal.send({ type: 'OPEN', route: { view: 'Networks' } })
    },
  }

  function waitForConnection(): Promise<ConnectHelperResult> {
    return new Promise((resolve, reject) => {
      const subs = [
        connection.on('connected', (event: Extract<ConnectionEmitted, { type: 'connected' }>) => {
          settle()
          resolve(toConnectHelperResult(event.connection))
        }),
        connection.on(
          'connectFailed',
          (event: Extract<ConnectionEmitted, { type: 'connectFailed' }>) => {
            settle()
            // SPEC §4: on a connect failure, clear the browser databases and storage, then reject.
            const clear = env.clearBrowserData ?? clearBrowserDatabases
            void clear()
              .catch(() => undefined)
              .then(() => getStorage().clear())
              .finally(() => reject(event.error))
          },
        ),
        modal.on('closed', () => {
          settle()
          reject(new LatchError('USER_REJECTED'))
        }),
      ]
      const settle = () => subs.forEach((sub) => sub.unsubscribe())
      modal.send({ type: 'OPEN' })
    })
  }

  return latch
}

/** What the instance's WalletConnect client is created with (SPEC §4, CAIP-25 namespaces). */
function walletConnectConfig(
  options: ResolvedOptions,
  registry: ReturnType<typeof createAdapterRegistry>,
): WalletConnectConfig {
  // With no adapters (the basic connection), ask for every configured namespace.
  const namespaces = registry.size
    ? [...registry.keys()]
    : [...new Set(options.networks.map((n) => n.chainNamespace))]
  return {
    projectId: options.projectId,
    ...(options.walletConnect?.relayUrl ? { relayUrl: options.walletConnect.relayUrl } : {}),
    ...(options.walletConnect?.verifyUrl ? { verifyUrl: options.walletConnect.verifyUrl } : {}),
    metadata: { ...options.metadata, icons: [...options.metadata.icons] },
    optionalNamespaces: proposalNamespaces(options.networks, namespaces),
    storagePrefix: options.storageKeyPrefix,
  }
}

function isSignInRequired(options: ResolvedOptions): boolean {
  if (options.siwx) return options.siwx.getRequired?.() ?? false
  return options.siweConfig?.required ?? false
}
