import type { WalletConnectOption } from '@latch/core'

/** Where the WalletConnect client connects: a self-hosted or local relay and verify service. */
export interface WalletConnectOptions {
  /** The relay's WebSocket URL: wss:, or ws: on a loopback host. The client's default if absent. */
  relayUrl?: string
  /** The verify service's origin: https:, or http: on a loopback host. */
  verifyUrl?: string
}

/**
 * WalletConnect pairing for `createLatch`'s `walletConnect` option, React host or not:
 *
 *   createLatch({ projectId, networks, adapters: [evmAdapter()], walletConnect: walletConnect() })
 *
 * This is all a host's start-up bundle gets: the URLs and a loader. The client (the universal
 * provider, by far the largest part of Latch) is a dynamic `import()` the instance makes on a
 * visitor's first pairing or when a remembered session is restored; a host whose visitors never
 * pair downloads none of it. Core checks the URLs (and names a misspelt key) at `createLatch`.
 */
export function walletConnect(options: WalletConnectOptions = {}): WalletConnectOption {
  return {
    // Every key the host wrote goes on, so core's strict check names a typo such as `relayURL`.
    ...options,
    load: (config, context) =>
      import('./client.js').then((m) =>
        m.createWalletConnectClient(config, { isMobile: context.isMobile }),
      ),
  }
}
