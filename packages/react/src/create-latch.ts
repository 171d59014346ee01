import {
  createLatch as createCoreLatch,
  type Latch,
  type LatchEnvironment,
  type LatchOptions,
  type WalletConnectLoader,
} from '@latch/core'
import { isMobileDevice } from './platform/is-mobile.js'

/**
 * Loads @latch/walletconnect when a visitor first pairs (or a remembered session is restored):
 * a dynamic import, so its code (and the WalletConnect provider under it) stays out of the
 * host's first bundle, and a host that never pairs never downloads it. `isMobile` decides whether
 * a request reopens the wallet's app.
 */
export function walletConnectLoader(isMobile: () => boolean): WalletConnectLoader {
  return (config) =>
    import('@latch/walletconnect').then((m) => m.createWalletConnectClient(config, { isMobile }))
}

/** {@link walletConnectLoader} with this device's own check. */
export const loadWalletConnect: WalletConnectLoader = walletConnectLoader(() => isMobileDevice())

/**
 * Core's `createLatch` with the browser defaults React hosts want: WalletConnect pairing loaded
 * on demand, and phones told apart (SPEC §2 rule 2) with a check made when the instance starts,
 * never at import, so it is safe on a server. What `env` gives replaces these; a host's
 * `isMobile` also decides when WalletConnect requests reopen the wallet's app.
 */
export function createLatch(options: LatchOptions, env: LatchEnvironment = {}): Latch {
  const isMobile = env.isMobile ?? isMobileDevice
  return createCoreLatch(options, {
    ...env,
    walletConnect: env.walletConnect ?? walletConnectLoader(isMobile),
    isMobile,
  })
}
