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
 * host's first bundle, and a host that never pairs never downloads it.
 */
export const loadWalletConnect: WalletConnectLoader = (config) =>
  import('@latch/walletconnect').then((m) =>
    m.createWalletConnectClient(config, { isMobile: () => isMobileDevice() }),
  )

/**
 * Core's `createLatch` with the browser defaults React hosts want: WalletConnect pairing loaded
 * on demand, and phones told apart (SPEC §2 rule 2) with a check made when the instance starts,
 * never at import, so it is safe on a server. What `env` gives replaces these.
 */
export function createLatch(options: LatchOptions, env: LatchEnvironment = {}): Latch {
  return createCoreLatch(options, {
    ...env,
    walletConnect: env.walletConnect ?? loadWalletConnect,
    isMobile: env.isMobile ?? isMobileDevice,
  })
}
