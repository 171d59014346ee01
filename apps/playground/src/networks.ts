import { defineNetwork, type Network } from '@latch/core'
import type { PlaygroundChain, PlaygroundSolana } from './config.js'

// Apart from latch.ts (which brings @latch/react) so the page without React can share it.

/** The local Solana chain's CAIP-2 id, as @solana/wallet-standard-chains names a local cluster. */
export const SOLANA_LOCALNET = 'solana:localnet'

/**
 * The devnet chains as Networks (not marked testnet: SPEC §9 would show their balance as 0.00),
 * then the local Solana chain when the dev command started one.
 */
export function playgroundNetworks(
  chains: readonly PlaygroundChain[],
  solana?: PlaygroundSolana,
): Network[] {
  const evm = chains.map((chain) =>
    defineNetwork({
      id: chain.chainId,
      chainNamespace: 'eip155',
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
  )
  return solana ? [...evm, solanaLocalnet(solana)] : evm
}

/** The local Solana chain (LiteSVM behind packages/solana-devnet's JSON-RPC and WebSocket). */
export function solanaLocalnet(solana: PlaygroundSolana): Network {
  return defineNetwork({
    id: 'localnet',
    caipNetworkId: SOLANA_LOCALNET,
    chainNamespace: 'solana',
    name: 'Latch Solana Localnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [solana.rpcUrl], webSocket: [solana.wsUrl] } },
  })
}
