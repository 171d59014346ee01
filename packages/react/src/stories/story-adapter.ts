import type { AdapterEvent, ChainAdapter, TransactionOutcome } from '@latch/core'
import {
  createFakeEvmAdapter,
  type FakeEvmAdapter,
  type FakeWalletInit,
} from '../test/fake-evm-adapter.js'

/** How a wallet answers a request the story wants to see: at once, never, or with an error code. */
export type ScriptedAnswer = 'ok' | 'hold' | number

/**
 * A wallet of a story: the view tests' fake wallet (connect answers: approve, reject, fail,
 * never), plus what the account-side views need scripted: its balance, and how it answers
 * network switches and add-chain requests.
 */
export interface StoryWallet extends FakeWalletInit {
  /** Base units of ETH; 'fail' rejects the read; 'hold' never answers. Default 1.5 ETH. */
  balance?: bigint | 'fail' | 'hold'
  /** Chain references the wallet knows; a switch elsewhere answers 4902. Default all. */
  knownChains?: readonly string[]
  /** How switch requests are answered. Default 'ok'. */
  switchAnswer?: ScriptedAnswer
  /** How add-chain requests are answered. Default 'ok'. */
  addAnswer?: ScriptedAnswer
  /**
   * How a send is answered: a hash ('ok'), never ('hold'), or an error code (4001: refused).
   * A list answers the sends in turn, its last answer repeating. Default 'ok'.
   */
  sendAnswer?: ScriptedAnswer | readonly ScriptedAnswer[]
  /** The network fee `estimateFee` answers, in wei; 'hold' never answers. Default {@link DEFAULT_FEE}. */
  fee?: bigint | 'hold'
  /** How a sent transaction ends (`followTransaction`); 'hold' never ends. Default confirmed. */
  outcome?: TransactionOutcome | 'hold'
}

const walletError = (code: number) =>
  Object.assign(new Error(code === 4001 ? 'User rejected the request.' : `wallet error ${code}`), {
    code,
  })

/** Resolves, rejects with the wallet's error code, or stays pending, as scripted. */
function answer(scripted: ScriptedAnswer | undefined): Promise<void> {
  if (scripted === 'hold') return new Promise(() => undefined)
  if (typeof scripted === 'number') return Promise.reject(walletError(scripted))
  return Promise.resolve()
}

export const DEFAULT_BALANCE = 1_500_000_000_000_000_000n
/** 21,000 gas at 1 gwei: 0.000021 ETH. */
export const DEFAULT_FEE = 21_000_000_000_000n

/**
 * The view tests' fake EVM adapter (src/test/fake-evm-adapter.ts), with the balance, switch and
 * add-chain calls scripted per wallet. Everything stays in memory: no RPC, no network.
 */
export function createStoryAdapter(wallets: readonly StoryWallet[]): {
  adapter: ChainAdapter
  fake: FakeEvmAdapter
} {
  const fake = createFakeEvmAdapter(wallets)
  const byId = new Map(wallets.map((wallet) => [wallet.id, wallet]))
  const known = new Map(
    wallets.map((wallet) => [wallet.id, wallet.knownChains ? new Set(wallet.knownChains) : null]),
  )
  // Which wallet sent each hash, so following it answers as that wallet is scripted.
  const sentBy = new Map<string, StoryWallet>()
  const sendTurns = new Map<string, number>()
  const addressOf = (id: string) =>
    fake.adapter.getAccounts({ connectorId: id }).then((accounts) => accounts[0]?.address)

  const adapter: ChainAdapter = {
    ...fake.adapter,
    async switchNetwork({ connectorId, network }) {
      const reference = String(network.id)
      await answer(byId.get(connectorId)?.switchAnswer)
      const chains = known.get(connectorId)
      if (chains && !chains.has(reference)) throw walletError(4902)
      fake.emit({ type: 'chainChanged', connectorId, chainReference: reference } as AdapterEvent)
    },
    async addNetwork({ connectorId, network }) {
      await answer(byId.get(connectorId)?.addAnswer)
      known.get(connectorId)?.add(String(network.id))
    },
    async getBalance({ address }) {
      for (const wallet of wallets) {
        if ((await addressOf(wallet.id)) !== address) continue
        const balance = wallet.balance ?? DEFAULT_BALANCE
        if (balance === 'hold') return new Promise(() => undefined)
        if (balance === 'fail') throw new Error('rpc down')
        return { value: balance, decimals: 18, symbol: 'ETH' }
      }
      return { value: 0n, decimals: 18, symbol: 'ETH' }
    },
    async estimateFee({ connectorId }) {
      const fee = byId.get(connectorId)?.fee ?? DEFAULT_FEE
      return fee === 'hold' ? new Promise<bigint>(() => undefined) : fee
    },
    async sendTransaction({ connectorId, to, value }) {
      fake.calls.push(`send:${to}:${value}`)
      const wallet = byId.get(connectorId)
      const scripted = wallet?.sendAnswer
      const turn = sendTurns.get(connectorId) ?? 0
      sendTurns.set(connectorId, turn + 1)
      await answer(
        typeof scripted === 'object' ? scripted[Math.min(turn, scripted.length - 1)] : scripted,
      )
      const hash = `0x${String(sentBy.size + 1).padStart(64, '0')}`
      if (wallet) sentBy.set(hash, wallet)
      return hash
    },
    async followTransaction({ hash }) {
      const outcome = sentBy.get(hash)?.outcome ?? { status: 'confirmed' }
      return outcome === 'hold' ? new Promise<TransactionOutcome>(() => undefined) : outcome
    },
  }
  return { adapter, fake }
}
