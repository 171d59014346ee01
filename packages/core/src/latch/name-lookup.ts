// SPEC §7 `GET /v1/profile/account/{name}` (apiVersion 2): a name typed as a send's receiver,
// resolved to an address and avatar on the instance's Latch server. Its own chunk, loaded on the
// first name a visitor types (account-services.ts).
import * as z from 'zod/mini'
import { requestJson } from '../clients/http.js'
import type { ServerEndpoint } from '../clients/provider-client.js'
import { serverApiUrl } from '../api/urls.js'
import type { Network } from '../network/network.js'
import type { ResolvedName } from '../flows/send/send.types.js'

/** SPEC §9 "Coin type flag": an EVM chain's own coin type is this flag plus its chain id. */
export const COIN_TYPE_FLAG = 2_147_483_648

/** The coin types (SLIP-44, ENSIP-11) a name may hold an address of, by namespace. */
const NAMESPACE_COIN_TYPE: Record<string, string> = { eip155: '60', solana: '501', bip122: '0' }

/**
 * The name service's entry, AppKit's `BlockchainApiLookupEnsName`: only what is read is checked
 * (the addresses by coin type, and the avatar attribute).
 */
export const nameLookupResponseSchema = z.looseObject({
  name: z.string(),
  addresses: z.optional(z.record(z.string(), z.looseObject({ address: z.string() }))),
  attributes: z.optional(z.array(z.looseObject({ avatar: z.optional(z.string()) }))),
})

/** The coin types to look for on `network`, the chain's own first (ENSIP-11 for EVM chains). */
export function coinTypesOf(network: Network): string[] {
  const general = NAMESPACE_COIN_TYPE[network.chainNamespace]
  const chainId = Number(network.caipNetworkId.split(':')[1])
  const own =
    network.chainNamespace === 'eip155' && Number.isSafeInteger(chainId) && chainId !== 1
      ? [String(COIN_TYPE_FLAG + chainId)]
      : []
  return [...own, ...(general ? [general] : [])]
}

/**
 * Resolves `name` for a send on `network`: its address there and its avatar; null when the name
 * holds no address for that network. Rejects when the server cannot answer (the send machine
 * then says 'Error resolving name').
 */
export async function lookupName(
  endpoint: ServerEndpoint,
  request: { name: string; network: Network },
  signal: AbortSignal,
): Promise<ResolvedName | null> {
  const entry = await requestJson(
    {
      url: serverApiUrl(
        endpoint.serverUrl,
        `/v1/profile/account/${encodeURIComponent(request.name)}`,
        endpoint.projectId,
        endpoint.sdk,
        { apiVersion: '2' },
      ),
      fetch: endpoint.fetch,
      signal,
    },
    nameLookupResponseSchema,
  )
  const address = coinTypesOf(request.network)
    .map((coinType) => entry.addresses?.[coinType]?.address)
    .find((found) => found !== undefined)
  if (!address) return null
  const avatar = entry.attributes?.find((attribute) => attribute.avatar)?.avatar ?? null
  return { address, avatar }
}
