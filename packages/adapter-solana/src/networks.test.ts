import {
  SOLANA_DEVNET_CHAIN,
  SOLANA_LOCALNET_CHAIN,
  SOLANA_MAINNET_CHAIN,
  SOLANA_TESTNET_CHAIN,
} from '@solana/wallet-standard-chains'
import { describe, expect, it } from 'vitest'
import { solanaDevnet, solanaMainnet, solanaTestnet, walletStandardChain } from './index.js'
import { chainReferenceOf } from './networks.js'

describe('Solana networks', () => {
  it('have the clusters’ CAIP-2 ids and 9-decimal SOL', () => {
    expect(
      [solanaMainnet, solanaTestnet, solanaDevnet].map((n) => [n.caipNetworkId, n.testnet]),
    ).toEqual([
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', undefined],
      ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', true],
      ['solana:EtWTRABZaYq6iMfeYKouRu166VoYxqDE', true],
    ])
    for (const network of [solanaMainnet, solanaTestnet, solanaDevnet]) {
      expect(network.chainNamespace).toBe('solana')
      expect(network.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
    }
  })

  it('map to and from the Wallet Standard chains of @solana/wallet-standard-chains', () => {
    expect(walletStandardChain(solanaMainnet)).toBe(SOLANA_MAINNET_CHAIN)
    expect(walletStandardChain(solanaTestnet)).toBe(SOLANA_TESTNET_CHAIN)
    expect(walletStandardChain(solanaDevnet)).toBe(SOLANA_DEVNET_CHAIN)
    expect(walletStandardChain({ caipNetworkId: 'solana:localnet' })).toBe(SOLANA_LOCALNET_CHAIN)
    expect(chainReferenceOf(SOLANA_DEVNET_CHAIN)).toBe('EtWTRABZaYq6iMfeYKouRu166VoYxqDE')
    expect(chainReferenceOf('eip155:1')).toBeUndefined()
  })
})
