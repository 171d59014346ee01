import type { Balance } from '@latch/core/api'
import { and, eq } from 'drizzle-orm'
import { formatUnits } from 'viem'
import * as z from 'zod'
import type { ServerConfig } from '../config/schema.js'
import type { Db } from '../db/database.js'
import { accountTokens, tokenMetadata } from '../db/schema.js'
import { readContractMetadata } from '../indexer/metadata.js'
import { readBalances } from './balance-reads.js'
import { PORTFOLIO_CACHE_MS, readCache, writeCache } from './cache.js'
import { tokenMetadataOf } from './metadata-join.js'
import type { EvmChain } from './chains.js'
import { configuredTokens, priceOf, tokenIconUrl, type KnownToken } from './tokens.js'

/** One cached balance: the token and its exact amount (prices are applied when answering). */
const cachedEntrySchema = z.object({
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  raw: z.string().regex(/^[0-9]+$/),
  /** Named by a forceUpdate: listed even at 0. */
  forced: z.boolean().optional(),
})
const cachedPortfolioSchema = z.object({ entries: z.array(cachedEntrySchema) })
type CachedEntry = z.output<typeof cachedEntrySchema>

/** What the balance service needs. */
export interface BalanceDeps {
  db: Db
  config: ServerConfig
  now: () => number
}

/** One balance request. */
export interface BalanceRequest {
  chain: EvmChain
  /** The account, `0x…`. */
  address: string
  /** Lower-case token contracts on this chain whose balances must be read now. */
  forceUpdate: readonly string[]
  /** The request's origin and project, for the icons' URLs. */
  origin: string
  projectId: string
}

/** The ERC-20s the indexer saw `account` move on the chain, with their stored metadata. */
async function discoveredTokens(db: Db, chainId: string, account: string): Promise<KnownToken[]> {
  const rows = await db
    .select({
      address: accountTokens.token,
      name: tokenMetadata.name,
      symbol: tokenMetadata.symbol,
      decimals: tokenMetadata.decimals,
    })
    .from(accountTokens)
    .innerJoin(tokenMetadata, tokenMetadataOf(accountTokens.chainId, accountTokens.token))
    .where(
      and(
        eq(accountTokens.chainId, chainId),
        eq(accountTokens.account, account),
        eq(accountTokens.kind, 'erc20'),
      ),
    )
  return rows.flatMap((row) =>
    row.decimals === null
      ? []
      : [
          {
            address: row.address,
            name: row.name ?? row.symbol ?? row.address,
            symbol: row.symbol ?? '',
            decimals: row.decimals,
          },
        ],
  )
}

/** A token named by forceUpdate that the server does not know yet: read from the chain. */
async function unknownToken(chain: EvmChain, address: string): Promise<KnownToken | undefined> {
  const metadata = await readContractMetadata(chain.client, address)
  if (metadata.decimals === undefined) return undefined
  return {
    address,
    name: metadata.name ?? metadata.symbol ?? address,
    symbol: metadata.symbol ?? '',
    decimals: metadata.decimals,
  }
}

async function readEntries(
  deps: BalanceDeps,
  chain: EvmChain,
  account: string,
  tokens: readonly KnownToken[],
  forced: ReadonlySet<string>,
): Promise<CachedEntry[]> {
  const amounts = await readBalances(
    chain.client,
    account,
    tokens.map((token) => token.address),
    deps.now(),
  )
  return tokens.flatMap((token) => {
    const raw = amounts.get(token.address)
    if (raw === undefined) return []
    return [
      { ...token, raw: raw.toString(), ...(forced.has(token.address) ? { forced: true } : {}) },
    ]
  })
}

/**
 * SPEC §7 `GET /v1/account/{address}/balance`: the native currency and the ERC-20s of the
 * configuration and of the indexer (every token the account moved), read at one block by
 * multicall, with the configured prices. The amounts are cached for the portfolio's 30 s (SPEC
 * §9) in the shared cache; `forceUpdate` re-reads the tokens it names (a token the server did not
 * know is looked up on the chain and listed from then on, even at 0) and keeps the rest.
 * Listed: the native currency always, a token when its balance is not 0 or it was forced.
 */
export async function accountBalances(
  deps: BalanceDeps,
  request: BalanceRequest,
): Promise<Balance[]> {
  const { chain } = request
  const account = request.address.toLowerCase()
  const key = `balance:${chain.caipNetworkId}:${account}`
  const now = deps.now()
  const cached = await readCache(deps.db, key, now, (value) => {
    const parsed = cachedPortfolioSchema.safeParse(value)
    return parsed.success ? parsed.data.entries : undefined
  })
  let entries: CachedEntry[]
  if (cached && request.forceUpdate.length === 0) {
    entries = cached
  } else {
    const forced = new Set(request.forceUpdate)
    const known = new Map<string, KnownToken>()
    for (const token of [
      ...configuredTokens(deps.config, chain.caipNetworkId),
      ...(await discoveredTokens(deps.db, chain.caipNetworkId, account)),
      ...(cached ?? []),
    ]) {
      if (!known.has(token.address)) known.set(token.address, token)
    }
    if (!known.has('native')) {
      // Every chain's native balance is listed, configured or not (as ETH, 18 decimals).
      known.set('native', { address: 'native', name: 'Ether', symbol: 'ETH', decimals: 18 })
    }
    for (const address of forced) {
      if (known.has(address)) continue
      const token = await unknownToken(chain, address)
      if (token) known.set(address, token)
    }
    // With a live cache only the forced tokens are read again; the others keep their amounts.
    const toRead = cached
      ? [...known.values()].filter(
          (token) => forced.has(token.address) || !cached.some((e) => e.address === token.address),
        )
      : [...known.values()]
    const fresh = await readEntries(deps, chain, account, toRead, forced)
    const byAddress = new Map((cached ?? []).map((entry) => [entry.address, entry]))
    for (const entry of fresh) byAddress.set(entry.address, entry)
    entries = [...byAddress.values()]
    await writeCache(deps.db, key, { entries }, now, PORTFOLIO_CACHE_MS)
  }
  return entries
    .filter((entry) => entry.address === 'native' || entry.raw !== '0' || entry.forced === true)
    .map((entry) => toBalance(deps.config, chain, entry, request))
}

function toBalance(
  config: ServerConfig,
  chain: EvmChain,
  entry: CachedEntry,
  request: BalanceRequest,
): Balance {
  const numeric = formatUnits(BigInt(entry.raw), entry.decimals)
  const price = priceOf(config, entry.symbol)
  return {
    name: entry.name,
    symbol: entry.symbol,
    chainId: chain.caipNetworkId,
    ...(entry.address === 'native' ? {} : { address: `${chain.caipNetworkId}:${entry.address}` }),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(entry.decimals), numeric },
    iconUrl: tokenIconUrl(config, entry.symbol, request.origin, request.projectId),
  }
}
