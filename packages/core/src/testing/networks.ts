import { defineNetwork, type Network } from '../network/network.js'

/** Networks for tests and stories: two local EVM chains (anvil's usual ports) and a Solana one. */
export const devnetA: Network = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Latch Devnet A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

export const devnetB: Network = defineNetwork({
  id: 31338,
  chainNamespace: 'eip155',
  name: 'Latch Devnet B',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
})

export const solanaLocal: Network = defineNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
})
