import { createActor } from 'xstate'
import { createAlert } from '../errors/alerts.js'
import { LatchError } from '../errors/latch-error.js'
import type { ChainNamespace } from '../identifiers/types.js'
import { sameAccountState, selectAccountState } from '../machines/connection.selectors.js'
import { selectActiveNetwork } from '../machines/network-rules.js'
import type { Network } from '../network/network.js'
import { parseOptions } from '../options/parse-options.js'
import type { LatchOptions } from '../options/schema.js'
import { isSignInRequired } from '../options/sign-in.js'
import { changeTheme, type ThemeChange } from '../options/theme.js'
import { isMobileDevice } from '../platform/is-mobile.js'
import { browserMiniAppPage } from '../platform/mini-app-page.js'
import type { OpenRequest } from '../router/open-rules.js'
import { route } from '../router/routes.js'
import { PENDING_POLLING_INTERVAL_MS } from '../flows/send/transaction-timings.js'
import type { StoragePort } from '../storage/storage-port.js'
import { createLatchDirectory } from '../wallets/latch-directory.js'
import type { WalletConnectConfig } from '../walletconnect/contract.js'
import { createWalletConnectLink } from '../walletconnect/link.js'
import { accountServices } from './account-services.js'
import { createAdapterRegistry } from '../adapter/registry.js'
import { openSocialWindow } from '../flows/social/social-popup.js'
import { authNetworkOf } from '../auth/auth-connect.js'
import { latchAuthFor } from '../auth/latch-auth.js'
import { currentConnection, started } from '../flows/connected.js'
import { latchMachine } from './latch.machine.js'
import type { ConnectOptions, Latch, LatchCore, LatchEnvironment, LatchWith } from './latch-api.js'
import type { AnyFlowList } from '../flows/flow-list.js'
import { mergeHosts } from '../flows/flow-list.js'
import { builtInFlows } from '../flows/list.js'
import { hostContext } from './host-context.js'
import { rootActors } from './root-actors.js'
import type { LatchChildren, LatchRootEvent } from './root-events.js'
import { serverServices } from './server-services.js'

export type {
  ConnectOptions,
  Latch,
  LatchCore,
  LatchWith,
  LatchActor,
  LatchEnvironment,
  OpenOptions,
} from './latch-api.js'

/**
 * Creates an instance from the host's options, validated at the boundary: invalid options throw
 * one `LatchOptionsError` naming every wrong field; a missing project id is an alert, not a crash.
 * Touches no browser API: the I/O starts with {@link Latch.start}.
 */
export function createLatch(input: LatchOptions, env?: LatchEnvironment): Latch
/**
 * The same, running `env.flows` instead of the built-in list (a test's flow, say): the instance
 * has each listed flow's host methods.
 */
export function createLatch<Flows extends AnyFlowList>(
  input: LatchOptions,
  env: LatchEnvironment & { flows: Flows },
): LatchWith<Flows>
export function createLatch(
  input: LatchOptions,
  env: LatchEnvironment & { flows?: AnyFlowList } = {},
): LatchCore & object {
  const flows = env.flows ?? builtInFlows
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
  // The embedded wallet (SPEC §4): nothing of it loads until an email login or its reconnect.
  // Its alerts (SPEC §8) reach the modal once the instance runs; the frame exists only then.
  const alertsSend = (event: Extract<LatchRootEvent, { type: 'ALERT' | 'ALERT_CLEARED' }>) => {
    if (actor.getSnapshot().status === 'active') actor.send(event)
  }
  // The frame starts on the EVM network in force when it loads (read then: the root runs).
  const authChain = () => authNetworkOf(network.getSnapshot())?.caipNetworkId ?? 'eip155:1'
  const auth = latchAuthFor(options, registry, port, authChain, env.authFrame, {
    raise: (code) => alertsSend({ type: 'ALERT', alert: createAlert(code) }),
    clear: (code) => alertsSend({ type: 'ALERT_CLEARED', code }),
  })
  // Issue 12: the social login's popup, on the Latch server's loading page (none without one).
  const { serverUrl, projectId } = options
  const socialPopup =
    serverUrl && projectId && auth.available
      ? {
          serverUrl,
          projectId,
          open: env.socialPopup ?? openSocialWindow,
          ...(env.popupMessages ? { listen: env.popupMessages } : {}),
          page: env.miniAppPage ?? browserMiniAppPage,
        }
      : undefined
  const server = serverServices(options, env)
  const { fetchProjectConfig } = server
  const account = accountServices(options, env)
  // SPEC §8: a 403 from the directory, whichever view asked, is the root's alert to raise.
  const directory = createLatchDirectory(options.projectId, server.directory, () => {
    if (actor.getSnapshot().status === 'active') actor.send({ type: 'SERVER_FORBIDDEN' })
  })
  const machine = latchMachine.provide({
    actors: rootActors({
      flows,
      env,
      options,
      registry,
      walletConnectLink,
      auth,
      account,
      directory,
      storagePort: port,
      network: () => network,
      ...(fetchProjectConfig ? { fetchProjectConfig } : {}),
    }),
  })
  const signInEnabled = Boolean(options.siwx ?? options.siweConfig)
  const actor = createActor(machine, {
    ...(env.inspect ? { inspect: env.inspect } : {}),
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
      flows,
      io: {
        registry,
        walletConnect: walletConnectLink,
        reconnect: options.enableReconnect,
        isMobile,
        ...(account ? { account } : {}),
        auth,
        ...(socialPopup ? { socialPopup } : {}),
        ...(signInEnabled
          ? {
              signIn: {
                siwx: options.siwx,
                siweConfig: options.siweConfig,
                serverUrl: options.serverUrl,
                projectId: options.projectId,
                fetch: env.fetch,
                pageUri: env.signInPageUri ?? (() => globalThis.location.href),
              },
            }
          : {}),
        walletDirectory: {
          directory,
          includeWalletIds: options.includeWalletIds,
          excludeWalletIds: options.excludeWalletIds,
          featuredWalletIds: options.featuredWalletIds,
        },
        // SPEC §9: pending polling is off unless the host turns it on.
        ...(options.pollPendingTransactions
          ? { pendingPollingIntervalMs: PENDING_POLLING_INTERVAL_MS }
          : {}),
      },
    },
  })
  actor.start()
  const children: LatchChildren = actor.getSnapshot().context
  const { connection, network, modal } = children

  // Validated before anything is sent: a wrong value throws and changes nothing.
  const setTheme = (change: ThemeChange) =>
    actor.send({ type: 'SET_THEME', theme: changeTheme(actor.getSnapshot().context.theme, change) })
  const refreshBalance = () => actor.send({ type: 'REFRESH_BALANCE' })
  /**
   * The page actions' code is in the runtime chunk: before the instance first runs nothing can
   * be connected, so they reject at once, as they would with no account.
   */
  const running = () => {
    const { runtime } = actor.getSnapshot().context
    if (!runtime) throw new LatchError('NO_ACTIVE_CAIP_ADDRESS')
    return runtime
  }
  const pageActions = () =>
    running().pageActions({
      registry,
      connection,
      activeNetwork: () => latch.getActiveNetwork(),
      refreshBalance,
    })
  const latch: LatchCore = {
    options,
    actor,
    connection,
    network,
    modal,
    toast: children.toast,
    walletConnect: children.walletConnect,
    accountData: children.accountData,
    walletConnectAvailable: walletConnectLink.available,
    auth,
    directory,
    start() {
      // Idempotent; after a failed load of the I/O chunk, the next call tries again. Only an
      // idle root is sent START: `open()` calls this on every open, and a running root would
      // still compute a transition for an event it ignores.
      if (actor.getSnapshot().matches('idle')) actor.send({ type: 'START' })
    },
    ready() {
      latch.start()
      return started(actor)
    },
    destroy() {
      // The run on show releases what it holds (a social login's popup) before all stops.
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'DESTROY' })
      actor.stop()
      void walletConnectLink.close()
      auth.destroy()
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
      const runtime = running()
      // SPEC §4, read as Latch's own stores: the host's databases and keys are never touched.
      const next = runtime.nextConnection(children, () => runtime.clearOwnData())
      // The waiting view starts the connect itself (core's route flow), as when a user picks it.
      const waive = request.siwx === false ? { siwx: false as const } : {}
      modal.send(
        request.connectorId
          ? {
              type: 'OPEN',
              route: route('ConnectingExternal', { connectorId: request.connectorId }),
              ...waive,
            }
          : { type: 'OPEN', ...waive },
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
      const done = running().disconnected(children, namespace)
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
    signMessage: async (message) => pageActions().signMessage(message),
    sendTransaction: async (transaction) => pageActions().sendTransaction(transaction),
  }
  // The flows' host methods (flows/index.ts), on the same object: `latch.switchNetwork`…
  return mergeHosts(latch, flows.host(hostContext(latch, children)))
}
