import { randomBytes } from 'node:crypto'
import { expect, it } from 'vitest'
import { describeOnEachDatabase, testConfig } from '../../test/harness.js'
import {
  accountTransactions,
  chainTransactions,
  chainTransfers,
  tokenMetadata,
} from '../db/schema.js'
import { decodeCursor } from './cursor.js'
import { accountHistory, HISTORY_PAGE_SIZE } from './history.js'

// The history page query on rows written as the indexer writes them, without a chain: how a
// page groups a transaction's transfers, labels tokens, and pages on one chain or across chains.

const address = () => `0x${randomBytes(20).toString('hex')}`
/** A chain id no other test uses, so the rows of tests sharing a database never meet. */
const chainId = () => `eip155:${70_000 + randomBytes(2).readUInt16BE()}${Date.now() % 1000}`

describeOnEachDatabase('account history pages', (suite) => {
  const config = testConfig()
  const request = (account: string, chain?: string, after?: string) => ({
    account,
    chainId: chain,
    after: after === undefined ? undefined : decodeCursor(after),
    origin: 'http://latch.test',
    projectId: config.projects[0]!.id,
  })

  /** Stores a transaction of `from` at (block, 0) on `chain`, with its transfers. */
  const storeTx = async (
    chain: string,
    block: number,
    minedAt: number,
    from: string,
    transfers: { token: string; from: string; to: string; amount: string }[],
  ) => {
    const db = suite.database().db
    const at = { chainId: chain, blockNumber: block, txIndex: 0 }
    await db.insert(chainTransactions).values({
      ...at,
      hash: `0x${randomBytes(32).toString('hex')}`,
      from,
      to: transfers[0]?.token ?? null,
      contractAddress: null,
      value: '0',
      nonce: block,
      status: 'confirmed',
      minedAt,
    })
    if (transfers.length > 0) {
      await db
        .insert(chainTransfers)
        .values(
          transfers.map((t, logIndex) => ({ ...at, logIndex, batchIndex: 0, kind: 'erc20', ...t })),
        )
    }
    const parties = new Set([from, ...transfers.flatMap((t) => [t.from, t.to])])
    await db
      .insert(accountTransactions)
      .values([...parties].map((account) => ({ ...at, account, minedAt })))
  }

  it("groups a transaction's transfers of the account, in log order, and names a token by its symbol", async () => {
    const chain = chainId()
    const [me, other, third, token] = [address(), address(), address(), address()]
    // A token without name(): the page still labels it by symbol.
    await suite.database().db.insert(tokenMetadata).values({
      chainId: chain,
      address: token,
      kind: 'erc20',
      name: null,
      symbol: 'SYM',
      decimals: 0,
    })
    await storeTx(chain, 1, 1_000, me, [
      { token, from: me, to: other, amount: '5' },
      { token, from: other, to: third, amount: '7' },
      { token, from: other, to: me, amount: '2' },
    ])
    const { data, next } = await accountHistory(suite.database().db, config, request(me, chain))
    expect(next).toBeNull()
    expect(data).toHaveLength(1)
    expect(data[0]!.metadata.operationType).toBe('trade')
    expect(data[0]!.transfers.map((t) => [t.direction, t.quantity.numeric])).toEqual([
      ['out', '5'],
      ['in', '2'],
    ])
    expect(data[0]!.transfers[0]!.fungible_info).toEqual({ symbol: 'SYM' })
  })

  it('pages one chain by block, and all chains by time, each without gaps or repeats', async () => {
    const [a, b] = [chainId(), chainId()]
    const me = address()
    const token = address()
    // 15 transactions on each chain, interleaved in time.
    for (let i = 1; i <= 15; i++) {
      await storeTx(a, i, 10_000 + 2 * i, me, [{ token, from: me, to: address(), amount: '1' }])
      await storeTx(b, i, 10_001 + 2 * i, me, [{ token, from: me, to: address(), amount: '1' }])
    }
    const db = suite.database().db
    const all = async (chain?: string) => {
      const seen: string[] = []
      let cursor: string | undefined
      do {
        const page = await accountHistory(db, config, request(me, chain, cursor))
        expect(page.data.length).toBeLessThanOrEqual(HISTORY_PAGE_SIZE)
        seen.push(...page.data.map((tx) => `${tx.metadata.chain}/${tx.metadata.nonce}`))
        cursor = page.next ?? undefined
      } while (cursor)
      return seen
    }
    const down = (chain: string) => Array.from({ length: 15 }, (_, i) => `${chain}/${15 - i}`)
    expect(await all(a)).toEqual(down(a))
    expect(await all()).toEqual(down(a).flatMap((tx, i) => [down(b)[i]!, tx]))
    // An all-chains cursor given with a chain id: that chain's rows older than it.
    const first = await accountHistory(db, config, request(me))
    const onA = await accountHistory(db, config, request(me, a, first.next!))
    expect(onA.data.map((tx) => tx.metadata.nonce)).toEqual([5, 4, 3, 2, 1])
  })
})
