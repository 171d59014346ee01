import { accountHistoryResponseSchema, apiErrorSchema, type Transaction } from '@latch/core/api'
import { and, count, eq } from 'drizzle-orm'
import { formatEther, parseEther, toEventSelector } from 'viem'
import { afterEach, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { devnetAccounts, startTestChain, type TestChain } from '../../test/account-harness.js'
import { describeOnEachDatabase, get } from '../../test/harness.js'
import { evmChainsOf } from '../account/chains.js'
import type { Db } from '../db/database.js'
import { chainTransactions, indexedBlocks, indexerCursors, indexerLeases } from '../db/schema.js'
import type { LatchServer } from '../server.js'
import { createApp } from '../app.js'
import { ChainIndexer } from './chain-indexer.js'
import { createIndexers, indexerSettings } from './indexers.js'

/** ERC-20 and ERC-721 `Transfer`'s topic. */
const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)')

describeOnEachDatabase('the indexer', (suite) => {
  const chains: TestChain[] = []
  afterEach(async () => {
    await Promise.all(chains.splice(0).map((chain) => chain.stop()))
  })
  const chainFor = async (indexer: Record<string, unknown> = {}) => {
    const chain = await startTestChain(indexer)
    chains.push(chain)
    return chain
  }
  const indexerOn = (chain: TestChain, options: { holder?: string; now?: () => number } = {}) =>
    new ChainIndexer({
      db: suite.database().db,
      chainId: chain.caip,
      client: evmChainsOf(chain.config, globalThis.fetch).get(chain.caip)!.client,
      settings: indexerSettings(chain.config, chain.caip),
      now: options.now ?? Date.now,
      log: (error) => {
        throw error
      },
      ...(options.holder ? { holder: options.holder } : {}),
    })
  const history = async (
    server: LatchServer,
    chain: TestChain,
    account: string,
    cursor?: string,
  ) => {
    const query = `projectId=${chain.config.projects[0]!.id}&chainId=${chain.caip}${cursor ? `&cursor=${cursor}` : ''}`
    const response = await get(server, `/v1/account/${account}/history?${query}`)
    expect(response.status).toBe(200)
    return z.parse(accountHistoryResponseSchema, await response.json())
  }
  /** Every page of the account's history, following the cursors. */
  const fullHistory = async (server: LatchServer, chain: TestChain, account: string) => {
    const all: Transaction[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await history(server, chain, account, cursor)
      all.push(...page.data)
      cursor = page.next ?? undefined
      pages++
    } while (cursor)
    return { all, pages }
  }
  const blockRows = async (db: Db, chain: TestChain) =>
    db.select().from(indexedBlocks).where(eq(indexedBlocks.chainId, chain.caip))

  it('stores the devnet seed: token transfers, the NFT mints with metadata, newest first', async () => {
    const chain = await chainFor()
    await indexerOn(chain).syncToHead()
    const server = await suite.server(chain.config, { indexer: false })
    const account = devnetAccounts[1]!.address
    const { data, next } = await history(server, chain, account)
    expect(next).toBeNull()
    const [received, sent, mint] = [
      data.find((tx) => tx.metadata.operationType === 'receive'),
      data.find((tx) => tx.metadata.operationType === 'send'),
      data.find((tx) => tx.transfers.some((t) => t.nft_info)),
    ]
    expect(received?.transfers).toEqual([
      expect.objectContaining({
        direction: 'in',
        quantity: { numeric: '25' },
        fungible_info: expect.objectContaining({ symbol: 'LTT', name: 'Latch Test Token' }),
        price: 2,
        value: 50,
      }),
    ])
    expect(sent?.metadata).toMatchObject({
      sentFrom: account.toLowerCase(),
      status: 'confirmed',
      nonce: 0,
    })
    expect(mint?.metadata.operationType).toBe('mint')
    expect(mint?.transfers[0]).toMatchObject({
      direction: 'in',
      quantity: { numeric: '1' },
      nft_info: {
        name: 'Latch Devnet Tile #3',
        content: { preview: { url: expect.stringMatching(/^data:image\/svg\+xml;base64,/) } },
      },
    })
    const mined = data.map((tx) => Date.parse(tx.metadata.minedAt))
    expect([...mined].sort((a, b) => b - a)).toEqual(mined)
  })

  it('pages by opaque cursor, 20 at a time, without gaps or repeats', async () => {
    const chain = await chainFor({ batchBlocks: 50 })
    const to = devnetAccounts[8]!.address
    for (let i = 1; i <= 23; i++) await chain.send(3, to, BigInt(i))
    await indexerOn(chain).syncToHead()
    const server = await suite.server(chain.config, { indexer: false })
    const { all, pages } = await fullHistory(server, chain, to)
    expect(pages).toBe(2)
    expect(all.map((tx) => tx.transfers[0]?.quantity.numeric)).toEqual(
      Array.from({ length: 23 }, (_, i) => formatEther(BigInt(23 - i))),
    )
    expect(new Set(all.map((tx) => tx.id)).size).toBe(23)
    const bad = await get(
      server,
      `/v1/account/${to}/history?projectId=${chain.config.projects[0]!.id}&cursor=bm9wZQ`,
    )
    expect(bad.status).toBe(400)
    expect(z.parse(apiErrorSchema, await bad.json()).issues).toEqual([
      { path: ['cursor'], message: 'Invalid cursor' },
    ])
  })

  it('resumes after being killed mid-sync: no block missed or stored twice', async () => {
    const chain = await chainFor({ batchBlocks: 2, leaseSeconds: 5 })
    for (let i = 0; i < 6; i++) await chain.send(4, devnetAccounts[7]!.address, 1n)
    let clock = Date.now()
    const first = indexerOn(chain, { now: () => clock })
    await first.step()
    await first.step()
    // The first process dies holding the lease; the next one takes over once it expires.
    const second = indexerOn(chain, { now: () => clock })
    expect(await second.step()).toBe('not-leader')
    clock += 5_001
    await second.syncToHead()
    const db = suite.database().db
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
    const numbers = (await blockRows(db, chain)).map((b) => b.number).sort((a, b) => a - b)
    expect(numbers).toEqual(Array.from({ length: head + 1 }, (_, i) => i))
    const stored = await db
      .select({ hash: chainTransactions.hash })
      .from(chainTransactions)
      .where(eq(chainTransactions.chainId, chain.caip))
    const hashes = stored.map((row) => row.hash.toLowerCase())
    // None stored twice.
    expect(new Set(hashes).size).toBe(hashes.length)
    // None missed: every transaction on the chain that moves ether or a token (the deployments'
    // mints, the seeded transfers, the pools' liquidity, the six sends) is there. A transaction
    // that moves nothing is kept only once its sender is tracked, which depends on how the
    // devnet's start-up packed its blocks, so it is not counted here.
    const moving = await movingTransactions(chain, head)
    expect(moving.length).toBeGreaterThanOrEqual(6)
    expect(hashes).toEqual(expect.arrayContaining(moving))
  })

  it('rolls back a reorg and indexes the new branch', async () => {
    const chain = await chainFor({ batchBlocks: 100 })
    const alice = devnetAccounts[5]!.address
    const bob = devnetAccounts[6]!.address
    const carol = devnetAccounts[8]!.address
    const indexer = indexerOn(chain)
    await indexer.syncToHead()
    const snapshot = await chain.tester.snapshot()
    await chain.send(5, bob, parseEther('1'), 'native')
    await indexer.syncToHead()
    const server = await suite.server(chain.config, { indexer: false })
    expect((await history(server, chain, bob)).data).toHaveLength(1)
    await chain.tester.revert({ id: snapshot })
    await chain.send(5, carol, parseEther('2'), 'native')
    await chain.tester.mine({ blocks: 2 })
    expect(await indexer.step()).toBe('rolled-back')
    await indexer.syncToHead()
    expect((await history(server, chain, bob)).data).toEqual([])
    const aliceTxs = (await history(server, chain, alice)).data
    expect(aliceTxs.map((tx) => [tx.metadata.sentTo, tx.transfers[0]?.quantity.numeric])).toEqual([
      [carol.toLowerCase(), '2'],
    ])
    const db = suite.database().db
    const [cursor] = await db
      .select()
      .from(indexerCursors)
      .where(eq(indexerCursors.chainId, chain.caip))
    const tip = await chain.client.getBlock({ blockTag: 'latest' })
    expect(cursor).toMatchObject({ blockNumber: Number(tip.number), blockHash: tip.hash })
  })

  it('lets one of two servers on the database index, while both serve', async () => {
    const chain = await chainFor({ enabled: true, pollIntervalMs: 20 })
    const [a, b] = [
      await suite.server(chain.config, { indexer: true }),
      await suite.server(chain.config, { indexer: true }),
    ]
    await expect
      .poll(async () => (await history(a, chain, devnetAccounts[2]!.address)).data.length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0)
    // The lease names one of them; the other's steps do nothing.
    const db = suite.database().db
    const [lease] = await db
      .select()
      .from(indexerLeases)
      .where(eq(indexerLeases.chainId, chain.caip))
    const [leader, follower] = [a, b].map((server) => server.indexers.chains.get(chain.caip)!)
    const other = lease?.holder === leader!.holder ? follower! : leader!
    expect([leader!.holder, follower!.holder]).toContain(lease?.holder)
    expect(await other.step()).toBe('not-leader')
    // The leader goes on indexing after the first transfer shows: compare the two servers once
    // it has reached the chain's tip (nothing is mined after the seeding), not halfway.
    const tip = Number((await chain.client.getBlock({ blockTag: 'latest' })).number)
    await expect
      .poll(
        async () => {
          const [cursor] = await db
            .select()
            .from(indexerCursors)
            .where(eq(indexerCursors.chainId, chain.caip))
          return cursor?.blockNumber
        },
        { timeout: 20_000 },
      )
      .toBe(tip)
    expect(await history(b, chain, devnetAccounts[2]!.address)).toEqual(
      await history(a, chain, devnetAccounts[2]!.address),
    )
    const rows = await db
      .select({ n: count() })
      .from(indexedBlocks)
      .where(and(eq(indexedBlocks.chainId, chain.caip), eq(indexedBlocks.number, 0)))
    expect(rows[0]?.n).toBe(1)
  })

  it("lets a host run the indexers beside its own app (the package's createIndexers)", async () => {
    const chain = await chainFor({ enabled: true, pollIntervalMs: 20 })
    const db = suite.database().db
    // What a host serving `createApp` its own way does: the app and the indexers on one database.
    const app = createApp(chain.config, { db })
    const indexers = createIndexers(chain.config, { db })
    try {
      expect([...indexers.chains.keys()]).toEqual([chain.caip])
      const account = devnetAccounts[2]!.address
      const path = `/v1/account/${account}/history?projectId=${chain.config.projects[0]!.id}&chainId=${chain.caip}`
      await expect
        .poll(
          async () => {
            const response = await app.fetch(new Request(`http://latch.test${path}`))
            return z.parse(accountHistoryResponseSchema, await response.json()).data.length
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0)
    } finally {
      await indexers.stop()
    }
  })
})

/** The chain's transactions that move ether or emit a token Transfer, by hash (lower case). */
async function movingTransactions(chain: TestChain, head: number): Promise<string[]> {
  const moving: string[] = []
  for (let number = 0; number <= head; number++) {
    const block = await chain.client.getBlock({
      blockNumber: BigInt(number),
      includeTransactions: true,
    })
    for (const tx of block.transactions) {
      const receipt = await chain.client.getTransactionReceipt({ hash: tx.hash })
      const transfers = receipt.logs.some((log) => log.topics[0] === TRANSFER_TOPIC)
      if (tx.value > 0n || transfers) moving.push(tx.hash.toLowerCase())
    }
  }
  return moving
}
