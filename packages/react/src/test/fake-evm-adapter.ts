import type {
  AdapterEvent,
  ChainAdapter,
  ChainNamespace,
  ConnectResult,
  Connector,
  ConnectorType,
} from '@latch/core'

/**
 * What a fake wallet does when asked to connect:
 * - `approve`: answers with its account at once;
 * - `reject`: declines like a user (EIP-1193 code 4001 → USER_REJECTED);
 * - `fail`: fails otherwise (JSON-RPC -32603, which core reports as UNKNOWN_ERROR);
 * - `never`: stays silent until the test calls `answerPending`.
 */
export type ConnectAnswer = 'approve' | 'reject' | 'fail' | 'never'
type Outcome = Exclude<ConnectAnswer, 'never'>

/** A wallet the fake adapter announces. Only `id` is required. */
export interface FakeWalletInit {
  /** Connector id; for an announced wallet, its EIP-6963 rdns (the default `rdns`). */
  id: string
  /** Default `Wallet <id>`. */
  name?: string
  /** Default ANNOUNCED. */
  type?: ConnectorType
  /** Default `id`; `null` for none (a generic injected wallet). */
  rdns?: string | null
  /** Default an inline SVG; any string is allowed, to test what the views accept. */
  imageUrl?: string
  /** Default eip155. */
  chain?: ChainNamespace
  /** Default a 0x… address derived from the id. */
  address?: string
  /** Default '31337' (devnet A). */
  chainReference?: string
  /** Default 'approve'. */
  answer?: ConnectAnswer
}

interface FakeWallet {
  connector: Connector
  address: string
  chainReference: string
  answer: ConnectAnswer
}

const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
const failure = () => Object.assign(new Error('Internal JSON-RPC error.'), { code: -32603 })

function toFakeWallet(init: FakeWalletInit): FakeWallet {
  const rdns = init.rdns === undefined ? init.id : init.rdns
  return {
    connector: {
      id: init.id,
      type: init.type ?? 'ANNOUNCED',
      name: init.name ?? `Wallet ${init.id}`,
      imageUrl:
        init.imageUrl ??
        `data:image/svg+xml,%3Csvg%20id%3D%22${encodeURIComponent(init.id)}%22%2F%3E`,
      chain: init.chain ?? 'eip155',
      ...(rdns !== null ? { rdns } : {}),
    },
    address:
      init.address ??
      `0x${Array.from(init.id)
        .map((char) => char.charCodeAt(0).toString(16).slice(-1))
        .join('')
        .padStart(40, '0')
        .slice(-40)}`,
    chainReference: init.chainReference ?? '31337',
    answer: init.answer ?? 'approve',
  }
}

/**
 * An in-memory EVM-like ChainAdapter for the React tests: it announces the wallets it is given,
 * and each wallet's connect answer is scripted (approve, reject with 4001, or never answer).
 * `calls` records every request, e.g. `connect:io.dev`.
 */
export function createFakeEvmAdapter(inits: readonly FakeWalletInit[] = []) {
  const wallets = inits.map(toFakeWallet)
  const listeners = new Set<(event: AdapterEvent) => void>()
  const announceListeners = new Set<(connectors: readonly Connector[]) => void>()
  const pending = new Map<string, Array<(answer: Outcome) => void>>()
  // How the wallet answers a sign request (a fixed signature, unless a test says otherwise).
  let signer: (message: string) => Promise<string> = async () => `0x${'ab'.repeat(65)}`
  const calls: string[] = []

  const find = (connectorId: string) => {
    const wallet = wallets.find((w) => w.connector.id === connectorId)
    if (!wallet) throw Object.assign(new Error('Provider not found.'), { code: 4900 })
    return wallet
  }
  const resultOf = (wallet: FakeWallet): ConnectResult => ({
    connectorId: wallet.connector.id,
    accounts: [{ address: wallet.address, type: 'eoa' }],
    chainReference: wallet.chainReference,
  })
  const emit = (event: AdapterEvent) => listeners.forEach((listener) => listener(event))
  const connectors = () => wallets.map((w) => w.connector)

  const adapter: ChainAdapter = {
    namespace: 'eip155',
    watchConnectors(onConnectors) {
      announceListeners.add(onConnectors)
      onConnectors(connectors())
      return () => void announceListeners.delete(onConnectors)
    },
    async connect({ connectorId }) {
      calls.push(`connect:${connectorId}`)
      const wallet = find(connectorId)
      const answer =
        wallet.answer === 'never'
          ? await new Promise<Outcome>((resolve) => {
              pending.set(connectorId, [...(pending.get(connectorId) ?? []), resolve])
            })
          : wallet.answer
      if (answer === 'reject') throw rejection()
      if (answer === 'fail') throw failure()
      return resultOf(wallet)
    },
    async reconnect() {
      return null
    },
    async disconnect({ connectorId }) {
      calls.push(`disconnect:${connectorId}`)
    },
    async getAccounts({ connectorId }) {
      return resultOf(find(connectorId)).accounts
    },
    async switchNetwork({ connectorId, network }) {
      calls.push(`switch:${network.caipNetworkId}`)
      const wallet = find(connectorId)
      wallet.chainReference = String(network.id)
      emit({ type: 'chainChanged', connectorId, chainReference: wallet.chainReference })
    },
    async getBalance() {
      return { value: 0n, decimals: 18, symbol: 'ETH' }
    },
    async signMessage(request) {
      calls.push(`sign:${request.connectorId}`)
      return signer(request.message)
    },
    async estimateGas() {
      return 21_000n
    },
    async sendTransaction() {
      return `0x${'12'.repeat(32)}`
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }

  return {
    adapter,
    calls,
    /** Sends a wallet event (accountsChanged, chainChanged, disconnect) through core. */
    emit,
    /** The connectors announced so far. */
    connectors,
    /** The connector of one wallet, as core knows it. */
    connector: (id: string) => find(id).connector,
    /** Changes how the wallet answers the next connect requests. */
    setAnswer(id: string, answer: ConnectAnswer) {
      find(id).answer = answer
    },
    /** How every wallet answers sign requests from now on (resolve a signature, or reject). */
    setSigner(next: (message: string) => Promise<string>) {
      signer = next
    },
    /** Answers every connect of this wallet left waiting by `never`. */
    answerPending(id: string, answer: Outcome) {
      const waiting = pending.get(id) ?? []
      pending.delete(id)
      waiting.forEach((resolve) => resolve(answer))
    },
    /** Announces another wallet, as EIP-6963 discovery would after start-up. */
    announce(init: FakeWalletInit) {
      wallets.push(toFakeWallet(init))
      announceListeners.forEach((listener) => listener(connectors()))
    },
  }
}

export type FakeEvmAdapter = ReturnType<typeof createFakeEvmAdapter>
