import type {
  PairingRequest,
  RemoteProvider,
  WalletConnectClient,
  WalletConnectConfig,
  WalletConnectSession,
} from '../walletconnect/contract.js'

export const WC_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export function fakeSession(overrides: Partial<WalletConnectSession> = {}): WalletConnectSession {
  return {
    topic: 'session-topic',
    accounts: { eip155: [`eip155:31337:${WC_ADDRESS}`] },
    peer: {
      name: 'Phone Wallet',
      icons: ['https://wallet.example/icon.png'],
      url: 'https://wallet.example',
    },
    expiry: 4_000_000_000,
    ...overrides,
  }
}

/** Where "the relay" keeps a session between two pages (two instances) of one test. */
export interface FakeSessionStore {
  session: WalletConnectSession | null
}

/**
 * A scripted WalletConnect client for core's tests: each pair() shows a fresh URI and waits for
 * the test to approve or reject it; a restored session comes from the shared store.
 */
export function createFakeWalletConnect(store: FakeSessionStore = { session: null }) {
  const pairings: Array<{
    uri: string
    request: PairingRequest
    approve(session?: WalletConnectSession): void
    reject(error: unknown): void
  }> = []
  const calls: string[] = []
  const configs: WalletConnectConfig[] = []
  const deletedListeners = new Set<() => void>()
  const relay = { up: true }
  const provider = (): RemoteProvider => ({
    async request({ method }) {
      const caip = store.session?.accounts.eip155?.[0]
      if (!caip) throw new Error('Please call connect() before request()')
      const [, chain, address] = caip.split(':')
      if (method === 'accounts') return [address]
      if (method === 'chain') return chain
      throw Object.assign(new Error('unsupported'), { code: 4200 })
    },
    on: () => undefined,
    removeListener: () => undefined,
  })
  const client: WalletConnectClient = {
    pair(request) {
      return new Promise((resolve, reject) => {
        const uri = `wc:pairing-${pairings.length + 1}@2?relay-protocol=irn&symKey=00`
        pairings.push({
          uri,
          request,
          approve: (session = fakeSession()) => {
            store.session = session
            resolve(session)
          },
          reject,
        })
        request.signal.addEventListener('abort', () => reject(new Error('aborted')))
        // While the relay is down the proposal never comes back with its URI.
        if (relay.up) request.onUri(uri)
      })
    },
    async restore() {
      calls.push('restore')
      return store.session
    },
    providerFor(namespace) {
      calls.push(`providerFor:${namespace}`)
      return provider()
    },
    async disconnect() {
      calls.push('disconnect')
      store.session = null
    },
    onSessionDeleted(listener) {
      deletedListeners.add(listener)
      return () => deletedListeners.delete(listener)
    },
    async close() {
      calls.push('close')
    },
  }
  let loads = 0
  const loader = async (config: WalletConnectConfig) => {
    loads++
    configs.push(config)
    return client
  }
  return {
    loader,
    client,
    pairings,
    calls,
    configs,
    store,
    /** Set `up` to false for a relay that cannot be reached: pairings then show no URI. */
    relay,
    loads: () => loads,
    /** The wallet ends the session. */
    deleteSession() {
      store.session = null
      deletedListeners.forEach((listener) => listener())
    },
  }
}
