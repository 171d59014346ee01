import { SOLANA_LOCALNET_CHAIN } from '@solana/wallet-standard-chains'

/**
 * The devnet's chain id, CAIP-2 and Wallet Standard alike: `solana:localnet`, the id
 * `@solana/wallet-standard-chains` gives a local cluster. Wallets and the adapter use it.
 */
export const SOLANA_DEVNET_CHAIN = SOLANA_LOCALNET_CHAIN

/** What {@link solanaDevnetNetwork} needs from a running devnet. */
export interface SolanaDevnetEndpoints {
  readonly rpcUrl: string
  readonly wsUrl: string
}

/**
 * The devnet in the shape of core's `Network` (SPEC §3). Declared here rather than imported so
 * the devnet stays free of `@latch/core`. Not marked `testnet`: SPEC §9 shows testnet balances
 * as 0.00, and the devnet's point is its real balances.
 */
export interface SolanaDevnetNetwork {
  id: 'localnet'
  caipNetworkId: typeof SOLANA_DEVNET_CHAIN
  chainNamespace: 'solana'
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: string[]; webSocket: string[] } }
}

/** Describes a running devnet as a Network a host can pass to Latch. */
export function solanaDevnetNetwork(devnet: SolanaDevnetEndpoints): SolanaDevnetNetwork {
  return {
    id: 'localnet',
    caipNetworkId: SOLANA_DEVNET_CHAIN,
    chainNamespace: 'solana',
    name: 'Latch Solana Localnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [devnet.rpcUrl], webSocket: [devnet.wsUrl] } },
  }
}
