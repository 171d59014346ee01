import type { AuthFrameOptions } from '../auth/auth-frame.js'
import type { AuthRuntime, AuthUi } from '../auth/auth-runtime.js'
import type { AlertCode } from '../errors/alerts.js'
import { ASKED_AGAIN_EVENTS } from '../auth/asked-again.js'
import { LatchError } from '../errors/latch-error.js'
import type { ChainId } from '@latch/frame'
import type { AdapterRegistry } from '../adapter/registry.js'
import type { StoragePort } from '../storage/storage-port.js'
import { LATCH_SDK } from '../api/sdk-info.js'
import { AUTH_CONNECTOR_ID, authConnector } from '../auth/auth-connector.js'
import type { EmbeddedWallet } from '../machines/connection.types.js'
import { selectModalState, selectRoute } from '../machines/modal.selectors.js'
import {
  selectActiveNetwork,
  selectNetworks,
  type NetworkSnapshotLike,
} from '../machines/network-rules.js'
import type { Network } from '../network/network.js'
import type { ResolvedOptions } from '../options/schema.js'
import type { LatchChildren } from './root-events.js'

/**
 * An instance's embedded wallet, as the start-up JS knows it: whether it is on, and how to load
 * it. Everything else (the machines, the frame client, the iframe) is in the auth chunk, loaded
 * by {@link LatchAuth.runtime}: when the visitor submits an email or starts a social login, or
 * on load when a remembered AUTH connection is tried (SPEC §4: only with the stored login flag).
 */
export interface LatchAuth {
  /** `features.email` with a `serverUrl` and a project id: the email field is offered. */
  readonly enabled: boolean
  /**
   * A `serverUrl` and a project id: the secure frame can be loaded, so the embedded wallet's
   * logins can run (the social buttons show only then, issue 12).
   */
  readonly available: boolean
  /** The loaded runtime, if it was loaded. */
  readonly current: AuthRuntime | undefined
  /**
   * Loads the auth chunk once. @throws LatchError EMAIL_LOGIN_DEPENDENCY_FAILED, or
   * ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND when the frame is not {@link available}.
   */
  runtime(): Promise<AuthRuntime>
  /** Called when the runtime loads and whenever its flows change. */
  subscribe(listener: () => void): () => void
  /** The Connect view's email field: starts a login. */
  submitEmail(email: string): Promise<void>
  /** The UpdateEmailWallet view's field: starts moving the login to `email`. */
  startUpdate(email: string): Promise<void>
  /** A remembered AUTH connection on load: true when the frame still holds the session. */
  restore(signal?: AbortSignal): Promise<boolean>
  /** The AUTH connection is disconnected: sign out in the frame, clear the login cache. */
  signOut(): Promise<void>
  /**
   * Who is logged in (the login cache), once the runtime is loaded; undefined before. The AUTH
   * connection carries it (SPEC §3 embeddedWalletInfo).
   */
  embeddedWallet(): EmbeddedWallet | undefined
  destroy(): void
}

export interface LatchAuthDeps {
  readonly enabled: boolean
  readonly serverUrl: string | undefined
  readonly projectId: string
  readonly registry: AdapterRegistry
  readonly port: StoragePort | undefined
  readonly prefix: string | undefined
  /** The EVM chain the frame starts on: the active one when loaded. */
  readonly chainId: () => ChainId
  readonly ui: AuthUi
  /** A scripted frame for tests and stories (see `LatchEnvironment.authFrame`). */
  readonly frame?: Pick<AuthFrameOptions, 'loader' | 'mount'>
  /** The modal's alert bar (SPEC §8 alerts for embedded-wallet problems). */
  readonly alerts?: AuthAlerts
}

/** How the embedded wallet raises SPEC §8's alerts in the modal, and takes them back. */
export interface AuthAlerts {
  raise(code: AlertCode): void
  clear(code: AlertCode): void
}

/** SPEC §8: each frame timeout callback's alert. */
const TIMEOUT_ALERTS = {
  iframe_load_failed: 'EMBEDDED_WALLET_LOAD_FAILED',
  iframe_request_timeout: 'EMBEDDED_WALLET_REQUEST_TIMEOUT',
} as const satisfies Record<string, AlertCode>

/**
 * The embedded wallet works again (a login connected, a session was restored): its timeout
 * alerts are over. A refused origin (INVALID_APP_CONFIGURATION) is the host's setup, and stays.
 */
function clearTimeoutAlerts(alerts: AuthAlerts | undefined) {
  for (const code of Object.values(TIMEOUT_ALERTS)) alerts?.clear(code)
}

/** Creates the instance's {@link LatchAuth}. Touches nothing until used. */
export function createLatchAuth(deps: LatchAuthDeps): LatchAuth {
  const available = Boolean(deps.serverUrl && deps.projectId)
  const enabled = deps.enabled && available
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  let current: AuthRuntime | undefined
  let loading: Promise<AuthRuntime> | undefined

  const load = async (): Promise<AuthRuntime> => {
    if (!available || !deps.serverUrl) throw new LatchError('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
    const serverUrl = deps.serverUrl
    const [{ createAuthRuntime }, storage] = await Promise.all([
      import('../auth/auth-runtime.js'),
      import('../storage/index.js'),
    ]).catch((cause: unknown) => {
      throw new LatchError('EMAIL_LOGIN_DEPENDENCY_FAILED', { cause })
    })
    const runtime = createAuthRuntime({
      frame: {
        serverUrl,
        projectId: deps.projectId,
        chainId: deps.chainId(),
        version: LATCH_SDK.version,
        // SPEC §5, §8: a refused origin and each timeout callback are alerts in the modal.
        onRefused: () => deps.alerts?.raise('INVALID_APP_CONFIGURATION'),
        onTimeout: (kind, event) => {
          if (event && ASKED_AGAIN_EVENTS.includes(event)) return
          deps.alerts?.raise(TIMEOUT_ALERTS[kind])
        },
        ...deps.frame,
      },
      registry: deps.registry,
      storage: storage.createLatchStorage({
        port: deps.port ?? storage.detectStorage(),
        ...(deps.prefix ? { prefix: deps.prefix } : {}),
      }),
      ui: {
        ...deps.ui,
        connect: () => {
          clearTimeoutAlerts(deps.alerts)
          deps.ui.connect()
        },
      },
    })
    runtime.subscribe(changed)
    current = runtime
    changed()
    return runtime
  }

  const auth: LatchAuth = {
    enabled,
    available,
    get current() {
      return current
    },
    runtime() {
      loading ??= load().catch((error: unknown) => {
        loading = undefined
        throw error
      })
      return loading
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async submitEmail(email) {
      const runtime = await auth.runtime()
      runtime.submitEmail(email)
    },
    async startUpdate(email) {
      const runtime = await auth.runtime()
      runtime.startUpdate(email)
    },
    // A returning visitor's login may be a social one: whatever logged in, the frame restores it.
    async restore(signal) {
      if (!available) return false
      const restored = await (await auth.runtime()).link.restore(signal)
      if (restored) clearTimeoutAlerts(deps.alerts)
      return restored
    },
    async signOut() {
      if (!available) return
      await (await auth.runtime()).link.signOut()
    },
    embeddedWallet: () => current?.embeddedWallet(),
    destroy() {
      current?.destroy()
      listeners.clear()
    },
  }
  return auth
}

/** The children the auth runtime talks to, read when it acts (the instance is running then). */
type AuthChildren = Pick<LatchChildren, 'connection' | 'network' | 'modal'>

/** The EVM network the AUTH connector connects on: the active one, else the first configured. */
export function authNetworkOf(network: NetworkSnapshotLike): Network | undefined {
  return (
    selectActiveNetwork(network, authConnector.chain) ??
    selectNetworks(network, authConnector.chain)[0]
  )
}

/** SPEC §4: a login connects the AUTH connector, on {@link authNetworkOf}. */
export function authConnectEvent(network: NetworkSnapshotLike) {
  const preferredNetwork = authNetworkOf(network)
  return {
    type: 'CONNECT' as const,
    connector: authConnector,
    namespace: authConnector.chain,
    ...(preferredNetwork ? { preferredNetwork } : {}),
  }
}

/**
 * The instance's {@link LatchAuth} from its options: the modal moves through the email views,
 * and a login connects the AUTH connector through the connection machine (SPEC §4), on the
 * EVM network in force.
 */
export function latchAuthFor(
  options: Pick<ResolvedOptions, 'features' | 'serverUrl' | 'projectId' | 'storageKeyPrefix'>,
  registry: AdapterRegistry,
  port: StoragePort | undefined,
  children: () => AuthChildren,
  frame?: LatchAuthDeps['frame'],
  alerts?: AuthAlerts,
): LatchAuth {
  const evmNetwork = () => authNetworkOf(children().network.getSnapshot())
  return createLatchAuth({
    enabled: options.features.email,
    serverUrl: options.serverUrl,
    projectId: options.projectId,
    registry,
    port,
    prefix: options.storageKeyPrefix,
    chainId: () => evmNetwork()?.caipNetworkId ?? 'eip155:1',
    ...(frame ? { frame } : {}),
    ...(alerts ? { alerts } : {}),
    ui: {
      currentView: () => {
        const modal = children().modal.getSnapshot()
        return selectModalState(modal).open ? selectRoute(modal).view : undefined
      },
      push: (route) => children().modal.send({ type: 'PUSH', route }),
      replace: (route) => children().modal.send({ type: 'REPLACE', route }),
      goBack: () => children().modal.send({ type: 'GO_BACK' }),
      connect: () => children().connection.send(authConnectEvent(children().network.getSnapshot())),
      embeddedWalletChanged: (embeddedWallet) =>
        children().connection.send({
          type: 'EMBEDDED_WALLET_CHANGED',
          connectorId: AUTH_CONNECTOR_ID,
          embeddedWallet,
        }),
    },
  })
}
