import type {
  AdapterAccount,
  AdapterEvent,
  ChainAdapter,
  ConnectResult,
  NetworkRequest,
} from '../adapter/contract.js'
import type { Connector } from '../connector/connector.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { RemoteProvider } from '../walletconnect/contract.js'

/** One wallet behind a fake connector; tests change it and watch core react. */
export interface FakeWallet {
  connector: Connector
  accounts: AdapterAccount[]
  chainReference: string
  /** Chains the wallet knows; switching elsewhere fails with 4902 until added. */
  knownChains: Set<string>
  /** Whether this site is authorized (silent reconnect succeeds). */
  authorized: boolean
  /** What connect() does: approve, or reject like a user (4001). */
  answer: 'approve' | 'reject'
  /** The native balance getBalance answers with; `'fail'` makes the read fail. */
  balance?: bigint | 'fail'
}

/**
 * An in-memory ChainAdapter for core's own tests (not published). It keeps real state, so a
 * test can connect, switch, disconnect and see the adapter's events come back through core.
 */
export function createFakeAdapter(namespace: ChainNamespace, wallets: FakeWallet[]) {
  const listeners = new Set<(event: AdapterEvent) => void>()
  const calls: string[] = []
  const find = (connectorId: string) => {
    const wallet = wallets.find((w) => w.connector.id === connectorId)
    if (!wallet) throw Object.assign(new Error('Provider not found.'), { code: 4900 })
    return wallet
  }
  const resultOf = (wallet: FakeWallet): ConnectResult => ({
    connectorId: wallet.connector.id,
    accounts: [...wallet.accounts],
    chainReference: wallet.chainReference,
  })
  const emit = (event: AdapterEvent) => listeners.forEach((listener) => listener(event))
  // Providers core lends (WalletConnect): they answer `accounts` and `chain` like a wallet.
  const lent = new Map<string, RemoteProvider>()
  const lentResult = async (connectorId: string, provider: RemoteProvider) => ({
    connectorId,
    accounts: ((await provider.request({ method: 'accounts' })) as string[]).map((address) => ({
      address,
      type: 'eoa' as const,
    })),
    chainReference: (await provider.request({ method: 'chain' })) as string,
  })

  const adapter: ChainAdapter = {
    namespace,
    watchConnectors(onConnectors) {
      calls.push('watchConnectors')
      onConnectors(wallets.map((w) => w.connector))
      return () => calls.push('unwatchConnectors')
    },
    async connect({ connectorId }) {
      calls.push(`connect:${connectorId}`)
      const remote = lent.get(connectorId)
      if (remote) return lentResult(connectorId, remote)
      const wallet = find(connectorId)
      if (wallet.answer === 'reject')
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      wallet.authorized = true
      return resultOf(wallet)
    },
    async reconnect({ connectorId }) {
      calls.push(`reconnect:${connectorId}`)
      const remote = lent.get(connectorId)
      if (remote) return lentResult(connectorId, remote)
      const wallet = wallets.find((w) => w.connector.id === connectorId)
      return wallet?.authorized ? resultOf(wallet) : null
    },
    async disconnect({ connectorId }) {
      calls.push(`disconnect:${connectorId}`)
      find(connectorId).authorized = false
    },
    async getAccounts({ connectorId }) {
      return find(connectorId).accounts
    },
    async switchNetwork({ connectorId, network }: NetworkRequest) {
      calls.push(`switch:${network.caipNetworkId}`)
      const wallet = find(connectorId)
      const reference = String(network.id)
      if (!wallet.knownChains.has(reference)) {
        throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })
      }
      wallet.chainReference = reference
      emit({ type: 'chainChanged', connectorId, chainReference: reference })
    },
    async addNetwork({ connectorId, network }: NetworkRequest) {
      calls.push(`add:${network.caipNetworkId}`)
      find(connectorId).knownChains.add(String(network.id))
    },
    async getBalance({ address }) {
      calls.push(`balance:${address}`)
      const wallet = wallets.find((w) => w.accounts.some((a) => a.address === address))
      if (wallet?.balance === 'fail') throw new Error('rpc down')
      return { value: wallet?.balance ?? 0n, decimals: 18, symbol: 'ETH' }
    },
    async signMessage() {
      return '0x' + 'ab'.repeat(65)
    },
    async estimateGas() {
      return 21000n
    },
    async sendTransaction() {
      return '0x' + '12'.repeat(32)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setRemoteProvider(connectorId, provider) {
      calls.push(`lend:${connectorId}:${provider ? 'on' : 'off'}`)
      if (provider) lent.set(connectorId, provider)
      else lent.delete(connectorId)
    },
  }
  return { adapter, calls, emit, wallets, lent }
}

export function fakeWallet(
  id: string,
  overrides: Partial<Omit<FakeWallet, 'connector'>> & {
    type?: Connector['type']
    chain?: ChainNamespace
  } = {},
): FakeWallet {
  const { type = 'ANNOUNCED', chain = 'eip155', ...rest } = overrides
  return {
    connector: {
      id,
      type,
      name: `Wallet ${id}`,
      imageUrl: `data:image/svg+xml,${id}`,
      rdns: id,
      chain,
    },
    accounts: [
      {
        address:
          '0x' +
          id
            .padStart(40, '0')
            .slice(-40)
            .replace(/[^0-9a-f]/g, 'a'),
        type: 'eoa',
      },
    ],
    chainReference: '31337',
    knownChains: new Set(['31337']),
    authorized: false,
    answer: 'approve',
    ...rest,
  }
}
