import type { IdentityResponse } from '@latch/core/api'
import { desc, eq } from 'drizzle-orm'
import { createPublicClient, getAddress, http, type PublicClient } from 'viem'
import { mainnet } from 'viem/chains'
import * as z from 'zod'
import type { ServerConfig } from '../config/schema.js'
import type { Db } from '../db/database.js'
import { names } from '../db/schema.js'
import { IDENTITY_CACHE_MS, readCache, writeCache } from './cache.js'

const identitySchema = z.object({ name: z.string().nullable(), avatar: z.string().nullable() })

/** What the identity lookup needs. */
export interface IdentityDeps {
  db: Db
  config: ServerConfig
  fetch: typeof fetch
  now: () => number
}

/** ENS clients by resolver URL, made once. */
const ensClients = new Map<string, PublicClient>()

function ensClient(url: string, fetchFn: typeof fetch, timeoutMs: number): PublicClient {
  let client = ensClients.get(url)
  if (!client) {
    // ENS lives on Ethereum mainnet; viem knows its universal resolver there.
    client = createPublicClient({
      chain: mainnet,
      transport: http(url, { fetchFn, timeout: timeoutMs, retryCount: 1 }),
    })
    ensClients.set(url, client)
  }
  return client
}

/** The ENS reverse name and avatar through the chain's resolver RPC; nulls on any failure. */
async function ensIdentity(client: PublicClient, address: string): Promise<IdentityResponse> {
  try {
    const name = await client.getEnsName({ address: getAddress(address) })
    if (!name) return { name: null, avatar: null }
    const avatar = await client.getEnsAvatar({ name }).catch(() => null)
    return { name, avatar }
  } catch {
    return { name: null, avatar: null }
  }
}

/**
 * SPEC §7 `GET /v1/identity/{address}`: the address's name and avatar from the server's own
 * names (the newest), else from ENS where the chain has a resolver (`chains[].ensRpcUrl`), else
 * nulls. Cached 5 minutes (SPEC §9), fleet-wide, per chain and address.
 */
export async function lookupIdentity(
  deps: IdentityDeps,
  address: string,
  chainId: string | undefined,
): Promise<IdentityResponse> {
  const account = address.toLowerCase()
  const key = `identity:${chainId ?? '*'}:${account}`
  const now = deps.now()
  const cached = await readCache(deps.db, key, now, (value) => {
    const parsed = identitySchema.safeParse(value)
    return parsed.success ? parsed.data : undefined
  })
  if (cached) return cached
  const [own] = await deps.db
    .select({ name: names.name, avatar: names.avatar })
    .from(names)
    .where(eq(names.address, account))
    .orderBy(desc(names.createdAt))
    .limit(1)
  let identity: IdentityResponse = own ?? { name: null, avatar: null }
  if (!own) {
    const resolver = deps.config.chains.find(
      (chain) => chain.ensRpcUrl && (chainId === undefined || chain.caipNetworkId === chainId),
    )?.ensRpcUrl
    if (resolver) {
      const client = ensClient(resolver, deps.fetch, deps.config.rpc.upstreamTimeoutMs)
      identity = await ensIdentity(client, account)
    }
  }
  await writeCache(deps.db, key, identity, now, IDENTITY_CACHE_MS)
  return identity
}
