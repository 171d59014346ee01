import { generateWalletIcon } from '@latch/core/api'
import { inArray } from 'drizzle-orm'
import type { ServerConfig } from '../config/schema.js'
import { withLock, type Db } from '../db/database.js'
import { images } from '../db/schema.js'
import { IMAGE_ID, type ImageKind } from '../directory/images.js'
import { decodeDataUrl } from './directory.js'

/** Its own lock (the directory's is 7_361_824_002): the two seeds never wait on each other. */
const IMAGE_SEED_LOCK = 7_361_824_003

/**
 * The ISO 4217 currencies that get an icon at start (SPEC §7 `/public/getCurrencyImage/{id}`):
 * USD and EUR, the onramp fallback's two (SPEC §8), and the other most traded ones.
 */
export const SEEDED_CURRENCIES: readonly string[] = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'CNY',
  'HKD',
  'SGD',
  'KRW',
  'INR',
  'BRL',
  'MXN',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'TRY',
  'ZAR',
]

/** The kinds this seed owns: it replaces them wholesale, and leaves `wallet` and `asset` alone. */
const SEEDED_KINDS = ['currency', 'token'] as const satisfies readonly ImageKind[]

/** One image to store. */
export interface SeedImage {
  kind: (typeof SEEDED_KINDS)[number]
  id: string
  contentType: string
  bytes: Uint8Array
}

/**
 * A monogram icon, made by core's one icon generator (the one the directory's wallets use), so
 * every instance makes the same bytes for the same code. The id's kind goes into the colour's
 * hash, so a currency and a token with one code still get distinct colours.
 */
function monogram(kind: SeedImage['kind'], code: string): SeedImage {
  const image = decodeDataUrl(generateWalletIcon(code, `${kind}:${code}`))
  if (!image) throw new Error(`The generated icon of ${kind} ${code} is not an inline image`)
  return { kind, id: code, ...image }
}

/**
 * The images the configuration implies: one per seeded currency, and one per token symbol of
 * `config.tokens` (a symbol on several chains gets one). A symbol that is not a valid image id
 * (`USDC.e`) gets none: no request could name it, so its image would never be served.
 */
export function imageSeed(config: ServerConfig): SeedImage[] {
  const symbols = [...new Set(config.tokens.map((token) => token.symbol))]
  return [
    ...SEEDED_CURRENCIES.map((code) => monogram('currency', code)),
    ...symbols.filter((symbol) => IMAGE_ID.test(symbol)).map((symbol) => monogram('token', symbol)),
  ]
}

/**
 * Writes the currency and token images, replacing the previous ones, in one transaction under a
 * fleet-wide lock, as the directory seed does: every instance then serves the same bytes from the
 * database, and a reader never sees half a seed.
 */
export async function seedImages(db: Db, seed: readonly SeedImage[]): Promise<void> {
  await withLock(db, IMAGE_SEED_LOCK, async (tx) => {
    await tx.delete(images).where(inArray(images.kind, [...SEEDED_KINDS]))
    if (seed.length > 0) await tx.insert(images).values([...seed])
  })
}
