/** What {@link devnetNetwork} needs from a running devnet chain. */
export interface DevnetChainRef {
  readonly chainId: number
  readonly name: string
  readonly rpcUrl: string
}

/**
 * A devnet chain in the shape of core's `Network` (SPEC §3), which is also a viem `Chain`.
 * Declared here rather than imported so the devnet stays free of `@latch/core`.
 */
export interface DevnetNetwork {
  id: number
  caipNetworkId: `eip155:${number}`
  chainNamespace: 'eip155'
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: string[] } }
}

/**
 * Describes a devnet chain as a Network a host can pass to Latch. It is deliberately not marked
 * `testnet`: SPEC §9 shows testnet balances as 0.00, and the devnet's point is its real balance.
 */
export function devnetNetwork(chain: DevnetChainRef): DevnetNetwork {
  return {
    id: chain.chainId,
    caipNetworkId: `eip155:${chain.chainId}`,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }
}

/** 'Latch Devnet A' for the first chain, 'Latch Devnet B' for the second, and so on. */
export function devnetChainName(index: number): string {
  return `Latch Devnet ${String.fromCharCode(65 + index)}`
}
