import { afterEach, expect, it } from 'vitest'
import { devnetAccounts, startTestChain, type TestChain } from '../../test/account-harness.js'
import { chainClient, clientOptionsOf } from '../account/chains.js'
import { readReceipts } from './receipts.js'

const chains: TestChain[] = []
afterEach(async () => {
  await Promise.all(chains.splice(0).map((chain) => chain.stop()))
})

/**
 * A client of the chain whose node knows no `eth_getBlockReceipts` when `withBlockReceipts` is
 * false (the method is renamed on the way, so anvil answers "method not found"), and the methods
 * it was asked, in order.
 */
function clientOf(chain: TestChain, withBlockReceipts: boolean) {
  const asked: string[] = []
  const fetchFn: typeof fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : ''
    for (const match of body.matchAll(/"method":"([a-zA-Z_]+)"/g)) asked.push(match[1]!)
    const sent = withBlockReceipts
      ? body
      : body.replaceAll('"eth_getBlockReceipts"', '"latch_noSuchMethod"')
    return globalThis.fetch(input, { ...init, body: sent })
  }
  const config = chain.config.chains[0]!
  return { client: chainClient(config, clientOptionsOf(chain.config, fetchFn)), asked }
}

it.each([true, false])(
  'reads the receipts of a block, with eth_getBlockReceipts: %s',
  async (withBlockReceipts) => {
    const chain = await startTestChain()
    chains.push(chain)
    const hashes = [
      await chain.send(3, devnetAccounts[4]!.address, 1n),
      await chain.send(3, devnetAccounts[4]!.address, 1n, 'native'),
    ]
    const txs = await Promise.all(
      hashes.map(async (hash) => {
        const tx = await chain.client.getTransaction({ hash })
        return { blockNumber: tx.blockNumber, hash }
      }),
    )
    const { client, asked } = clientOf(chain, withBlockReceipts)
    const receipts = await readReceipts(client, txs)
    for (const { hash } of txs) {
      const expected = await chain.client.getTransactionReceipt({ hash })
      expect(receipts.get(hash.toLowerCase())).toEqual({
        blockHash: expected.blockHash,
        status: 'confirmed',
        contractAddress: null,
      })
    }
    // Without the method: one receipt call per transaction, after the refused block calls.
    expect(asked.filter((method) => method === 'eth_getTransactionReceipt')).toHaveLength(
      withBlockReceipts ? 0 : txs.length,
    )
  },
)
