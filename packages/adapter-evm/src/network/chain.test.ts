import { defineNetwork } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { addEthereumChainParams, chainIdHex, chainIdOf } from './chain.js'

const network = defineNetwork({
  id: 31338,
  chainNamespace: 'eip155',
  name: 'Latch Devnet B',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
  blockExplorers: { default: { name: 'Local', url: 'http://127.0.0.1:4000' } },
})

describe('EVM chains', () => {
  it('wallet_addEthereumChain gets chainId, chainName, nativeCurrency, rpcUrls, blockExplorerUrls, iconUrls', () => {
    expect(addEthereumChainParams(network, 'https://icons.invalid/b.png')).toEqual({
      chainId: '0x7a6a',
      chainName: 'Latch Devnet B',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8546'],
      blockExplorerUrls: ['http://127.0.0.1:4000'],
      iconUrls: ['https://icons.invalid/b.png'],
    })
  })

  it("an EVM chain id must be below 2147483648, else 'Invalid chainId'", () => {
    expect(chainIdOf({ ...network, id: 2147483647 })).toBe(2147483647)
    expect(() => chainIdOf({ ...network, id: 2147483648 })).toThrow('Invalid chainId')
    expect(() => chainIdOf({ ...network, id: 'abc' })).toThrow('Invalid chainId')
  })

  it('gives the chain id as 0x-prefixed hex, as EIP-1193 wants it', () => {
    expect(chainIdHex(network)).toBe('0x7a6a')
    expect(chainIdHex({ ...network, id: 1 })).toBe('0x1')
    expect(chainIdHex({ ...network, id: 0 })).toBe('0x0')
    expect(() => chainIdHex({ ...network, id: 2147483648 })).toThrow('Invalid chainId')
  })
})
