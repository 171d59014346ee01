import { defineNetwork } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { toViemChain } from './viem-chain.js'

const network = defineNetwork({
  id: 31338,
  chainNamespace: 'eip155',
  name: 'Latch Devnet B',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
  blockExplorers: { default: { name: 'Local', url: 'http://127.0.0.1:4000' } },
})

describe('viem chains', () => {
  it('converts to a viem chain', () => {
    expect(toViemChain(network)).toMatchObject({
      id: 31338,
      name: 'Latch Devnet B',
      rpcUrls: network.rpcUrls,
      blockExplorers: network.blockExplorers,
    })
  })
})
