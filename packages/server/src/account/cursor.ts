import { isCaipNetworkId } from '@latch/core/api'
import * as z from 'zod'
import { HttpError } from '../http/errors.js'

// The account routes' page cursors: opaque to clients, base64url of a tagged JSON array, read
// back only in the exact spelling this server wrote. The tag keeps each route's cursors apart: a
// history cursor given to the NFT list is a 400, like any other junk.

/**
 * A history position: the last transaction of a page, in the page order (block time, chain,
 * block, index in block; all descending).
 */
export interface HistoryPosition {
  minedAt: number
  chainId: string
  blockNumber: number
  txIndex: number
}

/** An NFT list position: the last NFT of a page (chain, contract, token id; all ascending). */
export interface NftPosition {
  chainId: string
  /** Lower-case contract address. */
  contract: string
  /** The token id, in decimal. */
  tokenId: string
}

const uint = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)
const caipNetworkId = z.string().refine(isCaipNetworkId)
const historySchema = z.tuple([z.literal(1), uint, caipNetworkId, uint, uint.max(1_000_000)])
const nftSchema = z.tuple([
  z.literal('nft1'),
  caipNetworkId,
  z.string().regex(/^0x[0-9a-f]{40}$/),
  z.string().regex(/^[0-9]{1,78}$/),
])

function encode(value: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
}

/**
 * Reads a cursor this server wrote. Anything else (bad base64url, JSON or fields, another
 * version or route) is a 400 naming `cursor`, never a 500 or an empty page.
 * @throws HttpError 400 'Invalid query'.
 */
function decode<T>(cursor: string, schema: z.ZodType<T>): T {
  let value: unknown
  try {
    const bytes = Buffer.from(cursor, 'base64url')
    // Only the canonical spelling: a cursor is given back exactly as it was sent.
    if (bytes.toString('base64url') !== cursor) throw new Error('not canonical')
    value = JSON.parse(bytes.toString('utf8'))
  } catch {
    value = undefined
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    throw new HttpError(400, 'Invalid query', [{ path: ['cursor'], message: 'Invalid cursor' }])
  }
  return parsed.data
}

/** The history cursor of the page after `position`. */
export function encodeCursor(position: HistoryPosition): string {
  return encode([1, position.minedAt, position.chainId, position.blockNumber, position.txIndex])
}

/**
 * Reads a history cursor.
 * @throws HttpError 400 'Invalid query' naming `cursor`.
 */
export function decodeCursor(cursor: string): HistoryPosition {
  const [, minedAt, chainId, blockNumber, txIndex] = decode(cursor, historySchema)
  return { minedAt, chainId, blockNumber, txIndex }
}

/** The NFT list cursor of the page after `position`. */
export function encodeNftCursor(position: NftPosition): string {
  return encode(['nft1', position.chainId, position.contract, position.tokenId])
}

/**
 * Reads an NFT list cursor.
 * @throws HttpError 400 'Invalid query' naming `cursor`.
 */
export function decodeNftCursor(cursor: string): NftPosition {
  const [, chainId, contract, tokenId] = decode(cursor, nftSchema)
  return { chainId, contract, tokenId }
}
