import { randomBytes } from 'node:crypto'
import { accountNftsResponseSchema, apiErrorSchema, type Nft } from '@latch/core/api'
import { TEST_COLLECTION, testCollectionAbi } from '@latch/devnet'
import { createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  devnetAccounts,
  devnetContractAddresses,
  startTestChain,
  type TestChain,
} from '../../test/account-harness.js'
import { describeOnEachDatabase, get } from '../../test/harness.js'
import { evmChainsOf } from '../account/chains.js'
import { encodeCursor } from '../account/cursor.js'
import { chainTransfers, nftMetadata, tokenMetadata } from '../db/schema.js'
import { ChainIndexer } from '../indexer/chain-indexer.js'
import { indexerSettings } from '../indexer/indexers.js'
import type { LatchServer } from '../server.js'

describeOnEachDatabase('GET /v1/account/{address}/nfts', (suite) => {
  const chains: TestChain[] = []
  afterEach(async () => {
    await Promise.all(chains.splice(0).map((chain) => chain.stop()))
  })
  const chainFor = async () => {
    const chain = await startTestChain({ batchBlocks: 50 })
    chains.push(chain)
    return chain
  }
  /** The chain's indexer (one per chain: a second would wait for the first one's lease). */
  const indexerOf = (chain: TestChain) =>
    new ChainIndexer({
      db: suite.database().db,
      chainId: chain.caip,
      client: evmChainsOf(chain.config, globalThis.fetch).get(chain.caip)!.client,
      settings: indexerSettings(chain.config, chain.caip),
      now: Date.now,
      log: (error) => {
        throw error
      },
    })
  const path = (chain: TestChain, account: string, query = `&chainId=${chain.caip}`) =>
    `/v1/account/${account}/nfts?projectId=${chain.config.projects[0]!.id}${query}`
  const page = async (server: LatchServer, url: string) => {
    const response = await get(server, url)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, max-age=30')
    return z.parse(accountNftsResponseSchema, await response.json())
  }
  const collection = (chain: TestChain) =>
    `${chain.caip}:${devnetContractAddresses.testCollection.toLowerCase()}`

  it('lists the minted tiles an account holds, with metadata, net of the ones it sent', async () => {
    const chain = await chainFor()
    const indexer = indexerOf(chain)
    await indexer.syncToHead()
    const server = await suite.server(chain.config, { indexer: false })
    const [owner, receiver] = [devnetAccounts[0]!, devnetAccounts[5]!]
    const tile = (id: number): Nft => ({
      chainId: chain.caip,
      contract: collection(chain),
      tokenId: String(id),
      standard: 'erc721',
      amount: '1',
      name: `Latch Devnet Tile #${id}`,
      collection: TEST_COLLECTION.name,
      description: 'A test NFT of the Latch devnet.',
      image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) as unknown as string,
    })
    expect(await page(server, path(chain, owner.address))).toEqual({
      data: [tile(1), tile(2)],
      next: null,
    })

    const wallet = createWalletClient({
      account: privateKeyToAccount(owner.privateKey),
      transport: http(chain.devnet.chains[0]!.rpcUrl),
    })
    const hash = await wallet.writeContract({
      chain: null,
      address: devnetContractAddresses.testCollection,
      abi: testCollectionAbi,
      functionName: 'transferFrom',
      args: [owner.address, receiver.address, 1n],
    })
    await chain.client.waitForTransactionReceipt({ hash })
    await indexer.syncToHead()
    expect((await page(server, path(chain, owner.address))).data).toEqual([tile(2)])
    // Without a chain id: every indexed chain's, this one's included.
    expect((await page(server, path(chain, receiver.address, ''))).data).toContainEqual(tile(1))
    expect((await page(server, path(chain, devnetAccounts[9]!.address))).data).toEqual([])
  })

  it('pages ERC-1155 holdings by opaque cursor, with net amounts, without gaps or repeats', async () => {
    const chain = await chainFor()
    const server = await suite.server(chain.config, { indexer: false })
    const db = suite.database().db
    const account = `0x${randomBytes(20).toString('hex')}`
    const other = `0x${randomBytes(20).toString('hex')}`
    const contract = `0x${randomBytes(20).toString('hex')}`
    // Ids 1..25 come in 5 each; the account sends 2 of every id back, and all of id 7.
    const rows: (typeof chainTransfers.$inferInsert)[] = []
    for (let id = 1; id <= 25; id++) {
      const move = (logIndex: number, from: string, to: string, amount: number) =>
        rows.push({
          chainId: chain.caip,
          blockNumber: 1_000 + id,
          txIndex: 0,
          logIndex,
          batchIndex: 0,
          kind: 'erc1155',
          token: contract,
          tokenId: String(id),
          from,
          to,
          amount: String(amount),
        })
      move(0, other, account, 5)
      move(1, account, other, id === 7 ? 5 : 2)
    }
    await db.insert(chainTransfers).values(rows)
    await db.insert(tokenMetadata).values({
      chainId: chain.caip,
      address: contract,
      kind: 'erc1155',
      name: null,
      symbol: 'ITM',
    })
    await db.insert(nftMetadata).values({
      chainId: chain.caip,
      contract,
      tokenId: '3',
      name: 'Item three',
      image: 'javascript:alert(1)',
    })
    const first = await page(server, path(chain, account))
    expect(first.data).toHaveLength(20)
    expect(first.next).not.toBeNull()
    const second = await page(
      server,
      path(chain, account, `&chainId=${chain.caip}&cursor=${first.next}`),
    )
    expect(second.next).toBeNull()
    const all = [...first.data, ...second.data]
    const ids = Array.from({ length: 25 }, (_, i) => String(i + 1)).filter((id) => id !== '7')
    expect(all.map((nft) => nft.tokenId)).toEqual(ids)
    expect(all.every((nft) => nft.amount === '3' && nft.standard === 'erc1155')).toBe(true)
    // A collection without name() is called by its symbol; an image that is not one is dropped.
    expect(all[2]).toEqual({
      chainId: chain.caip,
      contract: `${chain.caip}:${contract}`,
      tokenId: '3',
      standard: 'erc1155',
      amount: '3',
      name: 'Item three',
      collection: 'ITM',
    })
    expect(all[0]?.name).toBe('ITM #1')
  })

  it('refuses a malformed address, chain id or cursor, another route’s cursor, and an unsupported chain', async () => {
    const chain = await chainFor()
    const server = await suite.server(chain.config, { indexer: false })
    const account = devnetAccounts[3]!.address
    const historyCursor = encodeCursor({
      minedAt: 1,
      chainId: chain.caip,
      blockNumber: 1,
      txIndex: 0,
    })
    const cases: [string, (string | number)[]][] = [
      [path(chain, '0x1234'), ['address']],
      [path(chain, account, '&chainId=31337'), ['chainId']],
      [path(chain, account, '&chainId=eip155:999999'), ['chainId']],
      [path(chain, account, '&cursor=a='), ['cursor']],
      [path(chain, account, `&cursor=${historyCursor}`), ['cursor']],
    ]
    for (const [url, issuePath] of cases) {
      const response = await get(server, url)
      expect(response.status).toBe(400)
      const body = z.parse(apiErrorSchema, await response.json())
      expect(body.issues?.map((issue) => issue.path)).toContainEqual(issuePath)
    }
  })
})
