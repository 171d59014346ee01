// SPEC §7 "Blockchain-data API" on the host's Latch server: the account's balances, history and
// identity, each answer checked against the shared schemas (api/account.ts), with SPEC §9's caches
// and SPEC §7/§8's fallbacks. One client per instance (its caches are its own), made lazily by
// the instance that has a server: none of this is start-up JS.
import type * as z from 'zod/mini'
import {
  ACCOUNT_TOKENS_MAX,
  accountBalanceResponseSchema,
  accountHistoryResponseSchema,
  accountNftsResponseSchema,
  identityResponseSchema,
  reverseLookupResponseSchema,
  type AccountHistoryResponse,
  type Balance,
} from '../api/account.js'
import { supportedChainsSchema } from '../api/rpc.js'
import { serverApiUrl } from '../api/urls.js'
import { LatchError } from '../errors/latch-error.js'
import type { CaipNetworkId } from '../identifiers/types.js'
import type { NftPage } from '../machines/account-data.types.js'
import { nftPageOf } from './account-nfts.js'
import { HISTORY_FALLBACK } from './history-fallback.js'
import { requestJson } from './http.js'
import type { ServerEndpoint } from './provider-client.js'
import { createTtlCache } from './ttl-cache.js'

/** SPEC §9: the portfolio (the server's balance list) is cached 30 s. */
export const PORTFOLIO_CACHE_MS = 30_000
/** SPEC §9: the identity (name and avatar) is cached 5 min. */
export const IDENTITY_CACHE_MS = 300_000

export { HISTORY_FALLBACK } from './history-fallback.js'

/** Options of one account call. */
export interface AccountCallOptions {
  /** Cancels the call (the state that asked was left). */
  signal?: AbortSignal | undefined
}

/** The name and avatar shown for an account (SPEC §3 profileName, profileImage); null: none. */
export interface AccountProfile {
  name: string | null
  avatar: string | null
}

/** The blockchain-data calls of one instance's Latch server. */
export interface AccountClient {
  /**
   * SPEC §7: whether the server answers for `chainId` (`GET /v1/supported-chains`, asked once
   * per instance; a failed ask is asked again next time).
   * @throws LatchError as `requestJson` does when the server cannot say.
   */
  isChainSupported(chainId: CaipNetworkId, options?: AccountCallOptions): Promise<boolean>
  /**
   * SPEC §7 `GET /v1/account/{address}/balance?currency=usd&chainId`: native and token
   * balances with prices, cached 30 s per account and chain. `fresh` skips the cache (a send
   * just went through) and names the tokens last listed in `forceUpdate`, so the server reads
   * them again too; the answer is cached again.
   * @throws LatchError TOKEN_BALANCE_UNAVAILABLE on any failure or an unsupported chain (SPEC §8).
   */
  getBalances(
    address: string,
    chainId: CaipNetworkId,
    options?: AccountCallOptions & { fresh?: boolean },
  ): Promise<Balance[]>
  /**
   * SPEC §7 `GET /v1/account/{address}/history?chainId&cursor`: one page, newest first. An
   * unsupported chain has no history: {@link HISTORY_FALLBACK}.
   * @throws LatchError FAILED_TO_FETCH_TRANSACTIONS on any failure (SPEC §8; the caller shows
   * the fallback, an empty list).
   */
  getHistory(
    address: string,
    query: { chainId: CaipNetworkId; cursor?: string | undefined },
    options?: AccountCallOptions,
  ): Promise<AccountHistoryResponse>
  /**
   * `GET /v1/account/{address}/nfts?chainId&cursor`: one page of the NFT gallery. An
   * unsupported chain has none.
   * @throws LatchError UNKNOWN_ERROR (or as `requestJson` does) when the server cannot answer.
   */
  getNfts(
    address: string,
    query: { chainId: CaipNetworkId; cursor?: string | undefined },
    options?: AccountCallOptions,
  ): Promise<NftPage>
  /**
   * SPEC §7 identity: `GET /v1/identity/{address}`; on failure the name service's reverse
   * lookup (`GET /v1/profile/reverse/{address}`, its first name); otherwise both cleared.
   * Answers are cached 5 min per address; a lookup that found nothing at all is not cached.
   * Never rejects, except when `signal` cancels it.
   */
  getProfile(
    address: string,
    chainId: CaipNetworkId,
    options?: AccountCallOptions,
  ): Promise<AccountProfile>
}

const CLEARED: AccountProfile = { name: null, avatar: null }

/**
 * The account client of `endpoint`'s project.
 * @param now the clock of its caches; `Date.now` by default.
 */
export function createAccountClient(
  endpoint: ServerEndpoint,
  now: () => number = Date.now,
): AccountClient {
  const portfolios = createTtlCache<Balance[]>(PORTFOLIO_CACHE_MS, now)
  const profiles = createTtlCache<AccountProfile>(IDENTITY_CACHE_MS, now)
  // The tokens each account's last portfolio listed: a fresh read names them in `forceUpdate`,
  // so the server refreshes its own 30 s cache of them too (a send just went through).
  const lastTokens = new Map<string, string[]>()
  let supported: Promise<ReadonlySet<string>> | undefined

  const get = <S extends z.core.$ZodType>(
    path: string,
    query: Record<string, string>,
    schema: S,
    options: AccountCallOptions,
  ) =>
    requestJson(
      {
        url: serverApiUrl(endpoint.serverUrl, path, endpoint.projectId, endpoint.sdk, query),
        fetch: endpoint.fetch,
        signal: options.signal,
      },
      schema,
    )
  const accountPath = (address: string, rest: string) =>
    `/v1/account/${encodeURIComponent(address)}/${rest}`

  const client: AccountClient = {
    async isChainSupported(chainId, options = {}) {
      supported ??= get('/v1/supported-chains', {}, supportedChainsSchema, options).then(
        (chains) => new Set(chains.http),
      )
      const asked = supported
      try {
        return (await asked).has(chainId)
      } catch (error) {
        // Not remembered: the next call asks again.
        if (supported === asked) supported = undefined
        throw error
      }
    },
    async getBalances(address, chainId, options = {}) {
      const key = `${chainId}|${address.toLowerCase()}`
      const cached = options.fresh ? undefined : portfolios.get(key)
      if (cached) return cached
      try {
        if (!(await client.isChainSupported(chainId, options))) throw new Error('unsupported')
        const force = options.fresh ? (lastTokens.get(key) ?? []) : []
        const { balances } = await get(
          accountPath(address, 'balance'),
          { currency: 'usd', chainId, ...(force.length ? { forceUpdate: force.join(',') } : {}) },
          accountBalanceResponseSchema,
          options,
        )
        portfolios.set(key, balances)
        lastTokens.set(
          key,
          balances.flatMap((b) => (b.address ? [b.address] : [])).slice(0, ACCOUNT_TOKENS_MAX),
        )
        return balances
      } catch (error) {
        throw new LatchError('TOKEN_BALANCE_UNAVAILABLE', { cause: error })
      }
    },
    async getHistory(address, { chainId, cursor }, options = {}) {
      try {
        if (!(await client.isChainSupported(chainId, options))) return HISTORY_FALLBACK
        return await get(
          accountPath(address, 'history'),
          { chainId, ...(cursor ? { cursor } : {}) },
          accountHistoryResponseSchema,
          options,
        )
      } catch (error) {
        throw new LatchError('FAILED_TO_FETCH_TRANSACTIONS', { cause: error })
      }
    },
    async getNfts(address, { chainId, cursor }, options = {}) {
      if (!(await client.isChainSupported(chainId, options))) return { items: [], next: null }
      const page = await get(
        accountPath(address, 'nfts'),
        { chainId, ...(cursor ? { cursor } : {}) },
        accountNftsResponseSchema,
        options,
      )
      return nftPageOf(page)
    },
    async getProfile(address, chainId, options = {}) {
      const key = address.toLowerCase()
      const cached = profiles.get(key)
      if (cached) return cached
      const path = encodeURIComponent(address)
      const found = get(
        `/v1/identity/${path}`,
        { chainId, sender: address },
        identityResponseSchema,
        options,
      ).catch(() =>
        // SPEC §7: on failure, the name through the name service.
        get(
          `/v1/profile/reverse/${path}`,
          { sender: address, apiVersion: '2' },
          reverseLookupResponseSchema,
          options,
        ).then(([first]) => ({
          name: first?.name ?? null,
          avatar: first?.attributes?.find((a) => a.avatar)?.avatar ?? null,
        })),
      )
      const profile = await found.catch(() => undefined)
      options.signal?.throwIfAborted()
      if (!profile) return CLEARED
      profiles.set(key, profile)
      return profile
    },
  }
  return client
}
