import type { AdapterEvent, ChainAdapter, ConnectResult } from '../adapter/contract.js'
import type { Connector } from '../connector/connector.js'

/** A wallet prompt the test answers: it stays open until the test says how the user replied. */
export interface Prompt {
  kind: 'connect' | 'reconnect' | 'switch' | 'add' | 'disconnect'
  connectorId: string
  /** The signal core passed, when the call takes one. */
  signal?: AbortSignal
  settled: boolean
  answer(outcome: 'approve' | 'reject'): void
}

/**
 * An EVM-like adapter whose every wallet call waits for the test to answer it, for tests that
 * explore the whole system (any order of user, host and wallet events). Wallets are discovered
 * at once; a wallet remembers which chains it knows and whether this site is authorized.
 */
export function createPromptAdapter(ids: readonly string[]) {
  const listeners = new Set<(event: AdapterEvent) => void>()
  const prompts: Prompt[] = []
  const state = new Map(
    ids.map((id) => [id, { authorized: false, chain: '31337', known: new Set(['31337']) }]),
  )
  const connectors: Connector[] = ids.map((id) => ({
    id,
    type: 'ANNOUNCED',
    name: `Wallet ${id}`,
    rdns: id,
    chain: 'eip155',
  }))
  const address = (id: string) => `0x${(ids.indexOf(id) + 1).toString(16).padStart(40, '0')}`
  const result = (id: string): ConnectResult => ({
    connectorId: id,
    accounts: [{ address: address(id), type: 'eoa' }],
    chainReference: state.get(id)!.chain,
  })
  const emit = (event: AdapterEvent) => listeners.forEach((listener) => listener(event))

  function prompt<T>(
    kind: Prompt['kind'],
    connectorId: string,
    onApprove: () => T,
    signal?: AbortSignal,
    rejection: unknown = Object.assign(new Error('User rejected the request.'), { code: 4001 }),
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Prompt = {
        kind,
        connectorId,
        ...(signal ? { signal } : {}),
        settled: false,
        answer(outcome) {
          if (entry.settled) return
          entry.settled = true
          if (outcome === 'reject') return reject(rejection)
          try {
            resolve(onApprove())
          } catch (error) {
            reject(error)
          }
        },
      }
      prompts.push(entry)
    })
  }

  const adapter: ChainAdapter = {
    namespace: 'eip155',
    watchConnectors(onConnectors) {
      onConnectors(connectors)
      return () => undefined
    },
    connect: ({ connectorId, signal }) =>
      prompt(
        'connect',
        connectorId,
        () => {
          state.get(connectorId)!.authorized = true
          return result(connectorId)
        },
        signal,
      ),
    reconnect: ({ connectorId, signal }) =>
      prompt(
        'reconnect',
        connectorId,
        () => (state.get(connectorId)!.authorized ? result(connectorId) : null),
        signal,
      ),
    disconnect: ({ connectorId }) =>
      prompt('disconnect', connectorId, () => {
        state.get(connectorId)!.authorized = false
      }),
    async getAccounts({ connectorId }) {
      return result(connectorId).accounts
    },
    switchNetwork: ({ connectorId, network }) => {
      const wallet = state.get(connectorId)!
      const reference = String(network.id)
      return prompt('switch', connectorId, () => {
        if (!wallet.known.has(reference))
          throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })
        wallet.chain = reference
        emit({ type: 'chainChanged', connectorId, chainReference: reference })
      })
    },
    addNetwork: ({ connectorId, network }) =>
      prompt('add', connectorId, () => {
        state.get(connectorId)!.known.add(String(network.id))
      }),
    async getBalance() {
      return { value: 1n, decimals: 18, symbol: 'ETH' }
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
  }

  /** Prompts still waiting on the user, and not abandoned by core. */
  const live = () => prompts.filter((p) => !p.settled && !p.signal?.aborted)
  return { adapter, prompts, live, state, emit, address }
}
