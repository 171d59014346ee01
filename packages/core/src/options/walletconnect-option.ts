import * as z from 'zod/mini'
import type { WalletConnectClient, WalletConnectConfig } from '../walletconnect/contract.js'
import { secureOrLoopbackUrl } from './service-url.js'

/**
 * The WalletConnect relay's WebSocket URL: wss:, or ws: on a loopback host (local development).
 * The one rule for it: core checks the host's option with it, and @latch/walletconnect checks
 * the config it is handed with it too.
 */
export const walletConnectRelayUrlSchema = /* @__PURE__ */ secureOrLoopbackUrl('wss', 'ws')

/** The verify service's origin: https:, or http: on a loopback host. Same rule, same reasons. */
export const walletConnectVerifyUrlSchema = /* @__PURE__ */ secureOrLoopbackUrl('https', 'http')

/** What the page around an instance tells the WalletConnect client when it is loaded. */
export interface WalletConnectLoadContext {
  /** The instance's phone check: on a phone, a request reopens the wallet's app. */
  isMobile: () => boolean
}

/**
 * The `walletConnect` option: where the relay and verify service are, and how to load the client
 * on first pairing. Hosts get one from `walletConnect({ relayUrl, verifyUrl })` of
 * @latch/walletconnect, whose `load` is a dynamic `import()`: a host that never pairs downloads
 * none of the client. Absent, WalletConnect is not offered at all.
 */
export interface WalletConnectOption {
  /** The relay's WebSocket URL; the client's own default when absent. */
  relayUrl?: string | undefined
  /** The verify service's origin; the client's own default when absent. */
  verifyUrl?: string | undefined
  /** Loads and creates the instance's client, on first use (again only after a failed load). */
  load: (
    config: WalletConnectConfig,
    context: WalletConnectLoadContext,
  ) => Promise<WalletConnectClient>
}

const loaderSchema = z.custom<WalletConnectOption['load']>(
  (value) => typeof value === 'function',
  'Expected a function (pass walletConnect() from @latch/walletconnect)',
)

/** The `walletConnect` option's check: strict, so a misspelt URL key is named, not ignored. */
export const walletConnectOptionSchema = z.strictObject({
  relayUrl: z.optional(walletConnectRelayUrlSchema),
  verifyUrl: z.optional(walletConnectVerifyUrlSchema),
  load: loaderSchema,
})
