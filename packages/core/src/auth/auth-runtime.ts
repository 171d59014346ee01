import type { AdapterRegistry } from '../adapter/registry.js'
import type { EmbeddedWallet } from '../machines/connection.types.js'
import type { LatchStorage } from '../storage/latch-storage.js'
import { createAuthFrame, type AuthFrame, type AuthFrameOptions } from './auth-frame.js'
import { createAuthLink, type AuthLink } from './auth-link.js'
import { embeddedWalletOf } from './embedded-wallet.js'

export interface AuthRuntimeDeps {
  readonly frame: Pick<
    AuthFrameOptions,
    | 'serverUrl'
    | 'projectId'
    | 'chainId'
    | 'version'
    | 'loader'
    | 'mount'
    | 'onRefused'
    | 'onTimeout'
  >
  readonly registry: AdapterRegistry
  readonly storage: LatchStorage
}

/**
 * The embedded wallet of a started instance, loaded on first use (SPEC §4): its secure frame and
 * the link that lends the AUTH connector's provider. It runs no flow: the email, social and
 * Farcaster logins, the email update and the approvals are flows of their own (flows/), whose
 * machines ask the frame through `link.ask`.
 */
export interface AuthRuntime {
  readonly frame: AuthFrame
  readonly link: AuthLink
  /**
   * Who is logged in, from the login cache (see {@link embeddedWalletOf}): the AUTH connection
   * carries it, so SPEC §3's `embeddedWalletInfo` is built from the connection's snapshot.
   */
  embeddedWallet(): EmbeddedWallet | undefined
  destroy(): void
}

/** The instance's frame and its link; the frame signs out by itself when its session ends. */
export function createAuthRuntime(deps: AuthRuntimeDeps): AuthRuntime {
  const { registry, storage } = deps
  const frame = createAuthFrame({
    ...deps.frame,
    onSessionExpired: () => void link.signOut(),
  })
  const link = createAuthLink({ frame, registry, storage })
  link.attach()
  return {
    frame,
    link,
    embeddedWallet: () => embeddedWalletOf(storage),
    destroy: () => frame.destroy(),
  }
}
