import { defineNetwork, type Network } from '@latch/core'

/**
 * The three public Solana clusters (SPEC §3: 3 solana networks). Their CAIP-2 references are the
 * first 32 characters of each cluster's genesis hash (CAIP-30); Wallet Standard names the same
 * clusters `solana:mainnet`, `solana:testnet` and `solana:devnet` (see {@link walletStandardChain}).
 * Each call is marked pure, so a host that imports only `solanaAdapter` pays nothing for them.
 */
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

export const SOLANA_MAINNET_REFERENCE = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
export const SOLANA_TESTNET_REFERENCE = '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
export const SOLANA_DEVNET_REFERENCE = 'EtWTRABZaYq6iMfeYKouRu166VoYxqDE'

export const solanaMainnet: Network = /* @__PURE__ */ defineNetwork({
  id: SOLANA_MAINNET_REFERENCE,
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: SOL,
  rpcUrls: {
    default: {
      http: ['https://api.mainnet-beta.solana.com'],
      webSocket: ['wss://api.mainnet-beta.solana.com'],
    },
  },
  blockExplorers: { default: { name: 'Solana Explorer', url: 'https://explorer.solana.com' } },
})

export const solanaTestnet: Network = /* @__PURE__ */ defineNetwork({
  id: SOLANA_TESTNET_REFERENCE,
  chainNamespace: 'solana',
  name: 'Solana Testnet',
  nativeCurrency: SOL,
  rpcUrls: {
    default: {
      http: ['https://api.testnet.solana.com'],
      webSocket: ['wss://api.testnet.solana.com'],
    },
  },
  blockExplorers: { default: { name: 'Solana Explorer', url: 'https://explorer.solana.com' } },
  testnet: true,
})

export const solanaDevnet: Network = /* @__PURE__ */ defineNetwork({
  id: SOLANA_DEVNET_REFERENCE,
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: SOL,
  rpcUrls: {
    default: {
      http: ['https://api.devnet.solana.com'],
      webSocket: ['wss://api.devnet.solana.com'],
    },
  },
  blockExplorers: { default: { name: 'Solana Explorer', url: 'https://explorer.solana.com' } },
  testnet: true,
})

// CAIP-2 reference ↔ Wallet Standard chain (`@solana/wallet-standard-chains`' names). A local
// cluster has no fixed genesis hash, so it is `solana:localnet` in both.
const WALLET_STANDARD_CHAINS: Readonly<Record<string, `solana:${string}`>> = {
  [SOLANA_MAINNET_REFERENCE]: 'solana:mainnet',
  [SOLANA_TESTNET_REFERENCE]: 'solana:testnet',
  [SOLANA_DEVNET_REFERENCE]: 'solana:devnet',
  localnet: 'solana:localnet',
}

/** The Wallet Standard chain a wallet expects for `network` (`solana:<reference>` if unknown). */
export function walletStandardChain(network: Pick<Network, 'caipNetworkId'>): `solana:${string}` {
  const reference = network.caipNetworkId.slice('solana:'.length)
  return WALLET_STANDARD_CHAINS[reference] ?? `solana:${reference}`
}

/** The CAIP-2 reference of a Wallet Standard chain (`solana:mainnet` → the genesis reference). */
export function chainReferenceOf(chain: string): string | undefined {
  if (!chain.startsWith('solana:')) return undefined
  for (const [reference, name] of Object.entries(WALLET_STANDARD_CHAINS)) {
    if (name === chain) return reference
  }
  return chain.slice('solana:'.length)
}
