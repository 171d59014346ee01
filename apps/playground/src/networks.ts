import { bitcoinRegtest } from '@latch/adapter-bitcoin'
import { defineNetwork, type Network } from '@latch/core'
import type { PlaygroundBitcoin, PlaygroundChain, PlaygroundSolana } from './config.js'

// Apart from latch.ts (which brings @latch/react) so the page without React can share it.

/** The local Solana chain's CAIP-2 id, as @solana/wallet-standard-chains names a local cluster. */
export const SOLANA_LOCALNET = 'solana:localnet'

/**
 * The devnet chains as Networks (not marked testnet: SPEC §9 would show their balance as 0.00),
 * then the local Solana and Bitcoin chains when the dev command started them.
 */
export function playgroundNetworks(
  chains: readonly PlaygroundChain[],
  solana?: PlaygroundSolana,
  bitcoin?: PlaygroundBitcoin,
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
  return [
    ...evm,
    ...(solana ? [solanaLocalnet(solana)] : []),
    ...(bitcoin ? [bitcoinRegtestNetwork(bitcoin)] : []),
  ]
}

/** The local Bitcoin regtest chain (packages/bitcoin-devnet's Esplora API). */
export function bitcoinRegtestNetwork(bitcoin: PlaygroundBitcoin): Network {
  return bitcoinRegtest({ esploraUrl: bitcoin.esploraUrl, name: 'Latch Bitcoin Regtest' })
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
