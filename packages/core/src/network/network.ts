import { z } from 'zod'
import { isCaipNetworkId, isChainNamespace } from '../identifiers/caip.js'
import type { CaipNetworkId, ChainNamespace } from '../identifiers/types.js'

// Only web URLs: a `javascript:` or `data:` RPC or explorer URL is never legitimate.
const url = z.url({ protocol: /^(https?|wss?)$/ })

/**
 * SPEC §3 "Network": what a host passes in `networks` and what adapters and views read.
 * The shape follows viem's `Chain` (so a viem chain plus `chainNamespace` and `caipNetworkId`
 * is a Network), which lets the EVM adapter hand it to viem untouched.
 */
export const networkSchema = z.object({
  id: z.union([z.number().int().nonnegative(), z.string().min(1)]),
  caipNetworkId: z.string().refine(isCaipNetworkId, 'Invalid CAIP-2 network id'),
  chainNamespace: z.string().refine(isChainNamespace, 'Invalid chain namespace'),
  name: z.string().min(1),
  nativeCurrency: z.object({
    name: z.string().min(1),
    symbol: z.string().min(1),
    decimals: z.number().int().min(0).max(255),
  }),
  rpcUrls: z
    .object({
      default: z.object({ http: z.array(url).min(1), webSocket: z.array(url).optional() }),
    })
    .catchall(z.object({ http: z.array(url), webSocket: z.array(url).optional() })),
  blockExplorers: z
    .object({ default: z.object({ name: z.string(), url }) })
    .catchall(z.object({ name: z.string(), url }))
    .optional(),
  testnet: z.boolean().optional(),
})

export type Network = z.infer<typeof networkSchema> & {
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
}

/** Input to {@link defineNetwork}: the CAIP-2 id is derived when it is left out. */
export type NetworkInput = Omit<Network, 'caipNetworkId'> & { caipNetworkId?: CaipNetworkId }

/**
 * Builds a validated Network. `caipNetworkId` defaults to `chainNamespace:id`.
 * @throws ZodError naming every wrong field.
 */
export function defineNetwork(input: NetworkInput): Network {
  const caipNetworkId =
    input.caipNetworkId ?? (`${input.chainNamespace}:${input.id}` as CaipNetworkId)
  return networkSchema.parse({ ...input, caipNetworkId }) as Network
}

/** SPEC §9: balances on testnets are shown as 0.00. */
export function isTestnet(network: Network): boolean {
  return network.testnet === true
}
