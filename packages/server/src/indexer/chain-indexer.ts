import { randomUUID } from 'node:crypto'
import type { PublicClient } from 'viem'
import type { IndexerConfig } from '../config/schema.js'
import type { Db } from '../db/database.js'
import { readContractMetadata, readNftMetadata } from './metadata.js'
import { blockHashAt, ChainMovedError, readStep, type StepData } from './read-step.js'
import {
  acquireLease,
  knownMetadata,
  loadCursor,
  releaseLease,
  rollBack,
  storedBlocks,
  storeStep,
  trackedAmong,
  type Cursor,
  type StepMetadata,
} from './store.js'

/** What one chain's indexer runs with. */
export interface ChainIndexerOptions {
  db: Db
  chainId: string
  client: PublicClient
  settings: IndexerConfig
  now: () => number
  log: (error: unknown) => void
  /** This instance's name in the lease; a fresh id by default. */
  holder?: string
}

/** What one {@link ChainIndexer.step} did. */
export type StepOutcome = 'indexed' | 'rolled-back' | 'idle' | 'retry' | 'not-leader'

/**
 * Follows one EVM chain: each step takes (or renews) the chain's lease, checks the stored cursor
 * is still on the chain (else rolls back to the fork), reads up to `batchBlocks` blocks and
 * stores them with the cursor in one transaction. Between steps it sleeps `pollIntervalMs` once
 * caught up. Progress lives in the database only: a new process resumes at the cursor.
 */
export class ChainIndexer {
  readonly holder: string
  private running = false
  private loop: Promise<void> | undefined
  private wake: (() => void) | undefined

  constructor(private readonly options: ChainIndexerOptions) {
    this.holder = options.holder ?? randomUUID()
  }

  /** Starts the loop (idempotent). */
  start(): void {
    if (this.running) return
    this.running = true
    this.loop = this.run()
  }

  /** Stops the loop after the step in flight and gives the lease up. */
  async stop(): Promise<void> {
    this.running = false
    this.wake?.()
    await this.loop
    this.loop = undefined
    await releaseLease(this.options.db, this.options.chainId, this.holder).catch(this.options.log)
  }

  /** Steps until the chain's head is reached (or another instance leads). For tests and benches. */
  async syncToHead(): Promise<number> {
    let steps = 0
    for (;;) {
      const outcome = await this.step()
      if (outcome === 'idle' || outcome === 'not-leader') return steps
      steps++
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      let outcome: StepOutcome
      try {
        outcome = await this.step()
      } catch (error) {
        this.options.log(error)
        outcome = 'idle'
      }
      if (outcome === 'indexed' || outcome === 'rolled-back' || outcome === 'retry') continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.settings.pollIntervalMs)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }

  /** One step: see the class. */
  async step(): Promise<StepOutcome> {
    const { db, chainId, client, settings } = this.options
    const now = this.options.now()
    const leader = await acquireLease(db, chainId, this.holder, now, settings.leaseSeconds * 1000)
    if (!leader) return 'not-leader'
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
    const cursor = await loadCursor(db, chainId)
    if (cursor) {
      const onChain =
        cursor.blockNumber <= head ? await blockHashAt(client, cursor.blockNumber) : undefined
      if (onChain !== cursor.blockHash) {
        await rollBack(
          db,
          chainId,
          this.holder,
          this.options.now(),
          cursor,
          await this.forkOf(cursor),
        )
        return 'rolled-back'
      }
    }
    const from = cursor ? cursor.blockNumber + 1 : settings.startBlock
    if (from > head) return 'idle'
    const to = Math.min(head, from + settings.batchBlocks - 1)
    let step: StepData | undefined
    try {
      step = await readStep(client, from, to, (addresses) => trackedAmong(db, chainId, addresses))
    } catch (error) {
      if (error instanceof ChainMovedError) return 'retry'
      throw error
    }
    if (!step || (cursor && step.blocks[0]!.parentHash !== cursor.blockHash)) return 'retry'
    const metadata = await this.metadataOf(step)
    await storeStep(db, chainId, this.holder, this.options.now(), cursor, step, metadata)
    return 'indexed'
  }

  /** The newest stored block the chain still has (undefined: none of them, start over). */
  private async forkOf(cursor: Cursor): Promise<Cursor | undefined> {
    const { db, chainId, client } = this.options
    const stored = await storedBlocks(db, chainId, cursor.blockNumber)
    for (const block of stored) {
      if ((await blockHashAt(client, block.number)) === block.hash) {
        return { blockNumber: block.number, blockHash: block.hash }
      }
    }
    return undefined
  }

  /** Reads the metadata of the step's tokens and NFTs the database does not have yet. */
  private async metadataOf(step: StepData): Promise<StepMetadata> {
    const { db, chainId, client } = this.options
    const contractKinds = new Map<string, string>()
    const nftKeys = new Map<
      string,
      { contract: string; tokenId: string; kind: 'erc721' | 'erc1155' }
    >()
    for (const t of step.transfers) {
      if (!t.token) continue
      if (!contractKinds.has(t.token)) contractKinds.set(t.token, t.kind)
      if ((t.kind === 'erc721' || t.kind === 'erc1155') && t.tokenId !== null) {
        nftKeys.set(`${t.token}/${t.tokenId}`, {
          contract: t.token,
          tokenId: t.tokenId,
          kind: t.kind,
        })
      }
    }
    const known = await knownMetadata(db, chainId, [...contractKinds.keys()], [...nftKeys.values()])
    const newContracts = [...contractKinds].filter(([address]) => !known.contracts.has(address))
    const newNfts = [...nftKeys].filter(([key]) => !known.nfts.has(key))
    const [contracts, nfts] = await Promise.all([
      Promise.all(
        newContracts.map(async ([address, kind]) => {
          const metadata = await readContractMetadata(client, address)
          return [address, { ...metadata, kind }] as const
        }),
      ),
      Promise.all(
        newNfts.map(async ([key, nft]) => {
          const metadata = await readNftMetadata(
            client,
            nft.kind,
            nft.contract,
            BigInt(nft.tokenId),
          )
          return [key, { ...metadata, contract: nft.contract, tokenId: nft.tokenId }] as const
        }),
      ),
    ])
    return { contracts: new Map(contracts), nfts: new Map(nfts) }
  }
}
