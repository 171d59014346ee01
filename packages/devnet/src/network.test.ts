import { describe, expect, it } from 'vitest'
import { devnetChainName, devnetNetwork } from './network.js'

describe('devnetNetwork', () => {
  it("describes a chain in core's Network shape, not marked as a testnet", () => {
    const network = devnetNetwork({
      chainId: 31338,
      name: 'Latch Devnet B',
      rpcUrl: 'http://127.0.0.1:40001',
    })
    expect(network).toStrictEqual({
      id: 31338,
      caipNetworkId: 'eip155:31338',
      chainNamespace: 'eip155',
      name: 'Latch Devnet B',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:40001'] } },
    })
    expect(network).not.toHaveProperty('testnet')
  })

  it('names chains A, B, … in start order', () => {
    expect([0, 1, 2].map(devnetChainName)).toEqual([
      'Latch Devnet A',
      'Latch Devnet B',
      'Latch Devnet C',
    ])
  })
})
