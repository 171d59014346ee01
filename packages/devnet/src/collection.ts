import type { Address } from 'viem'
import { devnetAccounts } from './accounts.js'

/** The colours of the collection's tokens, one per token (1-based ids, in this order). */
const COLOURS = ['#5b6cff', '#ff7a59', '#22b07d', '#f2b705', '#b455e0', '#0fa3b1'] as const

/** Accounts 0, 1 and 2 get two tokens each: the dev wallet's first accounts have a gallery. */
const OWNERS: readonly Address[] = [0, 0, 1, 1, 2, 2].map((index) => devnetAccounts[index]!.address)

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

/** Token `id`'s picture: a coloured tile with its number, an SVG small enough to inline. */
export function collectionTokenSvg(id: number): string {
  const colour = COLOURS[(id - 1) % COLOURS.length]!
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">` +
    `<rect width="120" height="120" rx="16" fill="${colour}"/>` +
    `<text x="60" y="74" font-family="sans-serif" font-size="40" text-anchor="middle" fill="#fff">#${id}</text>` +
    `</svg>`
  )
}

/**
 * Token `id`'s URI: ERC-721 metadata JSON inline as `data:application/json;base64,…`, its image
 * an inline `data:image/svg+xml;base64,…`, so a gallery shows it without any request leaving the
 * machine.
 */
export function collectionTokenUri(id: number): string {
  const metadata = {
    name: `Latch Devnet Tile #${id}`,
    description: 'A test NFT of the Latch devnet.',
    image: `data:image/svg+xml;base64,${base64(collectionTokenSvg(id))}`,
  }
  return `data:application/json;base64,${base64(JSON.stringify(metadata))}`
}

/** The ERC-721 collection on every devnet chain: tokens 1..6, two each to accounts 0, 1 and 2. */
export const TEST_COLLECTION = {
  name: 'Latch Devnet Tiles',
  symbol: 'TILE',
  /** `owners[i]` holds token `i + 1`. */
  owners: OWNERS,
  tokenUris: OWNERS.map((_, index) => collectionTokenUri(index + 1)),
} as const
