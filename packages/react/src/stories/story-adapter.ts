import type { AdapterEvent, ChainAdapter } from '@latch/core'
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
  }
  return { adapter, fake }
}
