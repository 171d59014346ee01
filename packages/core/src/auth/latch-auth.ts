import type { ChainId } from '@latch/frame'
import type { AdapterRegistry } from '../adapter/registry.js'
import { LATCH_SDK } from '../api/sdk-info.js'
import type { AlertCode } from '../errors/alerts.js'
import { LatchError } from '../errors/latch-error.js'
import type { EmbeddedWallet } from '../machines/connection.types.js'
import type { ResolvedOptions } from '../options/schema.js'
import type { StoragePort } from '../storage/storage-port.js'
import { ASKED_AGAIN_EVENTS } from './asked-again.js'
import type { AuthFrameOptions } from './auth-frame.js'
import type { AuthRuntime } from './auth-runtime.js'

/**
 * An instance's embedded wallet, as the start-up JS knows it: whether it is on, and how to load
 * it. The frame client, the iframe and the link are in the auth chunk, loaded by
 * {@link LatchAuth.runtime}: when a login starts, or on load when a remembered AUTH connection
 * is tried (SPEC §4: only with the stored login flag). The flows that use it (email, social,
 * Farcaster, the email update, approvals) are modules of their own; this only loads and holds.
 */
export interface LatchAuth {
  /** `features.email` with a `serverUrl` and a project id: the email field is offered. */
  readonly enabled: boolean
  /**
   * A `serverUrl` and a project id: the secure frame can be loaded, so the embedded wallet's
   * logins can run (the social buttons show only then, issue 12).
   */
  readonly available: boolean
  /**
   * Loads the auth chunk once. @throws LatchError EMAIL_LOGIN_DEPENDENCY_FAILED, or
   * ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND when the frame is not {@link available}.
   */
  runtime(): Promise<AuthRuntime>
  /** Resolves once the auth chunk has been loaded (by whoever needed it first); loads nothing. */
  loaded(): Promise<AuthRuntime>
  /** A remembered AUTH connection on load: true when the frame still holds the session. */
  restore(signal?: AbortSignal): Promise<boolean>
  /** The AUTH connection is disconnected: sign out in the frame, clear the login cache. */
  signOut(): Promise<void>
  /** A login connected: the frame works, so its timeout alerts (SPEC §8) are over. */
  connected(): void
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
  let current: AuthRuntime | undefined
  let loading: Promise<AuthRuntime> | undefined
  // Settled by the first load that succeeds: what waits for the frame without loading it.
  let markLoaded: (runtime: AuthRuntime) => void = () => undefined
  const whenLoaded = new Promise<AuthRuntime>((resolve) => (markLoaded = resolve))

  const load = async (): Promise<AuthRuntime> => {
    if (!available || !deps.serverUrl) throw new LatchError('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
    const serverUrl = deps.serverUrl
    const [{ createAuthRuntime }, storage] = await Promise.all([
      import('./auth-runtime.js'),
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
    })
    current = runtime
    markLoaded(runtime)
    return runtime
  }

  const auth: LatchAuth = {
    enabled,
    available,
    runtime() {
      loading ??= load().catch((error: unknown) => {
        loading = undefined
        throw error
      })
      return loading
    },
    loaded: () => whenLoaded,
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
    connected: () => clearTimeoutAlerts(deps.alerts),
    embeddedWallet: () => current?.embeddedWallet(),
    destroy() {
      current?.destroy()
    },
  }
  return auth
}

/**
 * The instance's {@link LatchAuth} from its options: the frame starts on the EVM network in
 * force when it loads (`chainId`).
 */
export function latchAuthFor(
  options: Pick<ResolvedOptions, 'features' | 'serverUrl' | 'projectId' | 'storageKeyPrefix'>,
  registry: AdapterRegistry,
  port: StoragePort | undefined,
  chainId: () => ChainId,
  frame?: LatchAuthDeps['frame'],
  alerts?: AuthAlerts,
): LatchAuth {
  return createLatchAuth({
    enabled: options.features.email,
    serverUrl: options.serverUrl,
    projectId: options.projectId,
    registry,
    port,
    prefix: options.storageKeyPrefix,
    chainId,
    ...(frame ? { frame } : {}),
    ...(alerts ? { alerts } : {}),
  })
}
