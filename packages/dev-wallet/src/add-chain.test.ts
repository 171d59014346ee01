import { describe, expect, it } from 'vitest'
import { parseAddChainParams, parseChainIdHex } from './add-chain.js'

const valid = {
  chainId: '0x7a6a',
  chainName: 'Latch Devnet B',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['wss://127.0.0.1:8546', 'http://127.0.0.1:8546'],
  blockExplorerUrls: ['http://127.0.0.1:4000'],
  iconUrls: ['data:image/svg+xml,<svg/>'],
}

const invalid = (change: Record<string, unknown>) => () =>
  parseAddChainParams([{ ...valid, ...change }])

describe('parseAddChainParams', () => {
  it('turns the six EIP-3085 fields into a chain, using the first http(s) RPC URL', () => {
    expect(parseAddChainParams([valid])).toEqual({
      chainId: 31338,
      name: 'Latch Devnet B',
      rpcUrl: 'http://127.0.0.1:8546',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      blockExplorerUrl: 'http://127.0.0.1:4000',
    })
  })

  it('accepts null or missing explorers and icons', () => {
    const { blockExplorerUrls: _, iconUrls: __, ...minimal } = valid
    expect(parseAddChainParams([minimal]).blockExplorerUrl).toBeUndefined()
    expect(parseAddChainParams([{ ...valid, blockExplorerUrls: null }]).chainId).toBe(31338)
  })

  it.each([
    ['a chain id with leading zeros', { chainId: '0x07a6a' }],
    ['a decimal chain id', { chainId: 31338 }],
    ['an empty chain name', { chainName: ' ' }],
    ['no native currency', { nativeCurrency: undefined }],
    ['a one-letter symbol', { nativeCurrency: { name: 'Ether', symbol: 'E', decimals: 18 } }],
    ['decimals other than 18', { nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 6 } }],
    ['no RPC URL', { rpcUrls: [] }],
    ['only websocket RPC URLs', { rpcUrls: ['wss://127.0.0.1:8546'] }],
    ['a non-URL RPC', { rpcUrls: ['127.0.0.1:8546'] }],
    ['a javascript: explorer', { blockExplorerUrls: ['javascript:alert(1)'] }],
    ['icons that are not a list', { iconUrls: 'http://x/icon.png' }],
    ['an unknown key', { rpcUrl: 'http://127.0.0.1:8546' }],
  ])('refuses %s with -32602', (_, change) => {
    expect(invalid(change)).toThrow(expect.objectContaining({ code: -32602 }))
  })

  it('needs exactly one parameter object', () => {
    expect(() => parseAddChainParams([])).toThrow(expect.objectContaining({ code: -32602 }))
    expect(() => parseAddChainParams([valid, valid])).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
    expect(() => parseAddChainParams(['0x7a6a'])).toThrow(expect.objectContaining({ code: -32602 }))
  })
})

describe('parseChainIdHex', () => {
  it('reads hex chain ids and refuses unsafe integers', () => {
    expect(parseChainIdHex('0x1')).toBe(1)
    expect(parseChainIdHex('0xA4B1')).toBe(42161)
    expect(() => parseChainIdHex('0x0')).toThrow(expect.objectContaining({ code: -32602 }))
    expect(() => parseChainIdHex('0x20000000000000')).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
  })
})
