import { isCaipNetworkId } from '@latch/core'
import * as z from 'zod'
import { HttpError } from '../http/errors.js'

/**
 * A history position: the last transaction of a page, in the page order (block time, chain,
 * block, index in block; all descending). Opaque to clients: base64url of a versioned JSON array.
 */
export interface HistoryPosition {
  minedAt: number
  chainId: string
  blockNumber: number
  txIndex: number
}

const uint = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)
const positionSchema = z.tuple([
  z.literal(1),
  uint,
  z.string().refine(isCaipNetworkId),
  uint,
  uint.max(1_000_000),
])

/** The cursor of the page after `position`. */
export function encodeCursor(position: HistoryPosition): string {
  const json = JSON.stringify([
    1,
    position.minedAt,
    position.chainId,
    position.blockNumber,
    position.txIndex,
  ])
  return Buffer.from(json, 'utf8').toString('base64url')
}

/**
 * Reads a cursor this server wrote. Anything else (bad base64url, JSON or fields, another
 * version) is a 400 naming `cursor`, never a 500 or an empty page.
 * @throws HttpError 400 'Invalid query'.
 */
export function decodeCursor(cursor: string): HistoryPosition {
  let value: unknown
  try {
    const bytes = Buffer.from(cursor, 'base64url')
    // Only the canonical spelling: a cursor is given back exactly as it was sent.
    if (bytes.toString('base64url') !== cursor) throw new Error('not canonical')
    value = JSON.parse(bytes.toString('utf8'))
  } catch {
    value = undefined
  }
  const parsed = positionSchema.safeParse(value)
  if (!parsed.success) {
    throw new HttpError(400, 'Invalid query', [{ path: ['cursor'], message: 'Invalid cursor' }])
  }
  const [, minedAt, chainId, blockNumber, txIndex] = parsed.data
  return { minedAt, chainId, blockNumber, txIndex }
}
