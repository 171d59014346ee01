// What an instance reads of its account from its Latch server (the `serverUrl` option): the
// portfolio for the balance machine, the identity for the header, the history and the NFTs for
// the Account tabs. One account client per instance, so SPEC §9's caches are the instance's own;
// its code is its own chunk, loaded on the first read, never at start-up.
import { fromPromise } from 'xstate'
import type { AccountClient, AccountProfile } from '../clients/account-client.js'
import type { AccountHistoryResponse } from '../api/account.js'
import type { PortfolioReader } from '../balances/token-sources.js'
import type {
  AccountList,
  FetchedPage,
  NftPage,
  PageRequest,
} from '../machines/account-data.types.js'
import type { IdentityRequest } from '../machines/identity.machine.js'
import type { Network } from '../network/network.js'
import type { ResolvedOptions } from '../options/schema.js'
import type { ResolvedName } from '../flows/send/send.types.js'
import type { ServerEnvironment } from './server-services.js'

/** The instance's account reads; absent without a server (nothing to read the account from). */
export interface AccountServices {
  portfolio: PortfolioReader
  lookupProfile(request: IdentityRequest, signal: AbortSignal): Promise<AccountProfile>
  history(request: PageRequest, signal: AbortSignal): Promise<AccountHistoryResponse>
  nfts(request: PageRequest, signal: AbortSignal): Promise<NftPage>
  /** A send's receiver typed as a name: its address on `network` and avatar (name-lookup.ts). */
  resolveName(
    request: { name: string; network: Network },
    signal: AbortSignal,
  ): Promise<ResolvedName | null>
}

export function accountServices(
  options: Pick<ResolvedOptions, 'serverUrl' | 'projectId'>,
  env: Pick<ServerEnvironment, 'fetch'>,
): AccountServices | undefined {
  const { serverUrl, projectId } = options
  if (!serverUrl || !projectId) return undefined
  let client: Promise<AccountClient> | undefined
  const load = () =>
    (client ??= import('../clients/account-client.js').then(({ createAccountClient }) =>
      createAccountClient({ serverUrl, projectId, ...(env.fetch ? { fetch: env.fetch } : {}) }),
    ))
  return {
    portfolio: async ({ address, network, signal, fresh }) =>
      (await load()).getBalances(address, network.caipNetworkId, { signal, fresh }),
    lookupProfile: async ({ address, network }, signal) =>
      (await load()).getProfile(address, network.caipNetworkId, { signal }),
    history: async ({ address, caipNetworkId, cursor }, signal) =>
      (await load()).getHistory(address, { chainId: caipNetworkId, cursor }, { signal }),
    nfts: async ({ address, caipNetworkId, cursor }, signal) =>
      (await load()).getNfts(address, { chainId: caipNetworkId, cursor }, { signal }),
    resolveName: async (request, signal) =>
      (await import('./name-lookup.js')).lookupName(
        { serverUrl, projectId, ...(env.fetch ? { fetch: env.fetch } : {}) },
        request,
        signal,
      ),
  }
}

/**
 * The account-data machine's page reads, from `services`; without a server the machine keeps
 * its own (empty lists, nothing fetched).
 */
export function accountDataActors(services: AccountServices | undefined) {
  if (!services) return {}
  return {
    fetchPage: fromPromise<FetchedPage, PageRequest & { list: AccountList }>(
      async ({ input, signal }) =>
        input.list === 'activity'
          ? { list: 'activity', page: await services.history(input, signal) }
          : { list: 'nfts', page: await services.nfts(input, signal) },
    ),
  }
}
