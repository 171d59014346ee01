import * as z from 'zod/mini'
import { isCaipNetworkId, isChainNamespace } from '../identifiers/caip.js'
import type { CaipNetworkId, ChainNamespace } from '../identifiers/types.js'
import { zodEnglishErrorMap } from '../validation/issues.js'

// Only web URLs: a `javascript:` or `data:` RPC or explorer URL is never legitimate.
const url = z.url({ protocol: /^(https?|wss?)$/ })

/** A network's RPC endpoints, viem's shape: `default.http[0]` is the one adapters use. */
const rpcUrlsSchema = z.catchall(
  z.object({
    default: z.object({
      http: z.array(url).check(z.minLength(1)),
      webSocket: z.optional(z.array(url)),
    }),
  }),
  z.object({ http: z.array(url), webSocket: z.optional(z.array(url)) }),
)

/**
 * SPEC §3 "Network": what a host passes in `networks` and what adapters and views read.
 * The shape follows viem's `Chain` (so a viem chain plus `chainNamespace` and `caipNetworkId`
 * is a Network), which lets the EVM adapter hand it to viem untouched.
 */
// The fields both schemas share: spread into two `z.object`s rather than `z.extend`, which would
// bring zod's extend helper into every host's start-up JS for this one use.
const networkFields = {
  id: z.union([z.number().check(z.int(), z.nonnegative()), z.string().check(z.minLength(1))]),
  caipNetworkId: z.string().check(z.refine(isCaipNetworkId, 'Invalid CAIP-2 network id')),
  chainNamespace: z.string().check(z.refine(isChainNamespace, 'Invalid chain namespace')),
  name: z.string().check(z.minLength(1)),
  nativeCurrency: z.object({
    name: z.string().check(z.minLength(1)),
    symbol: z.string().check(z.minLength(1)),
    decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
  }),
  rpcUrls: rpcUrlsSchema,
  blockExplorers: z.optional(
    z.catchall(
      z.object({ default: z.object({ name: z.string(), url }) }),
      z.object({ name: z.string(), url }),
    ),
  ),
  testnet: z.optional(z.boolean()),
}

export const networkSchema = z.object(networkFields)

export type Network = z.infer<typeof networkSchema> & {
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
}

/**
 * A network as a host may pass it in `networks`: `rpcUrls` may be left out when the instance has
 * a `serverUrl`, whose RPC endpoint (SPEC §7 `/v1/?chainId&projectId`) is then the default.
 * `createLatch` fills it in; what adapters and views read is always a full {@link Network}.
 */
export const hostNetworkSchema = z.object({
  ...networkFields,
  rpcUrls: z.optional(rpcUrlsSchema),
})

/** See {@link hostNetworkSchema}: a {@link Network} whose `rpcUrls` may be absent. */
export type HostNetwork = Omit<Network, 'rpcUrls'> & { rpcUrls?: Network['rpcUrls'] | undefined }

/** Input to {@link defineNetwork}: the CAIP-2 id is derived when it is left out. */
export type NetworkInput = Omit<HostNetwork, 'caipNetworkId'> & {
  caipNetworkId?: CaipNetworkId
}

/**
 * Builds a validated Network. `caipNetworkId` defaults to `chainNamespace:id`. Without
 * `rpcUrls` it is a {@link HostNetwork}: `createLatch` then gives it its Latch server's RPC
 * (the `serverUrl` option), and refuses it when there is no server.
 * @throws ZodError naming every wrong field (in zod's English texts).
 */
export function defineNetwork(input: NetworkInput & { rpcUrls: Network['rpcUrls'] }): Network
export function defineNetwork(input: NetworkInput): HostNetwork
export function defineNetwork(input: NetworkInput): HostNetwork {
  const caipNetworkId =
    input.caipNetworkId ?? (`${input.chainNamespace}:${input.id}` as CaipNetworkId)
  return z.parse(
    hostNetworkSchema,
    { ...input, caipNetworkId },
    { error: zodEnglishErrorMap },
  ) as HostNetwork
}

/** SPEC §9: balances on testnets are shown as 0.00. */
export function isTestnet(network: Network): boolean {
  return network.testnet === true
}
