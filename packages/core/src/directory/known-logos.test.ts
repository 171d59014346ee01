import { describe, expect, it } from 'vitest'
import { generateWalletIcon } from './icon.js'
import { safeImageUrl } from './image-url.js'
import { networkLogos, tokenLogos } from './known-logos.data.js'
import { networkLogoUrl, tokenLogoUrl } from './known-logos.js'

const ether = { symbol: 'ETH' }
const network = (caipNetworkId: `${string}:${string}`, symbol = 'ETH', name = 'Some chain') => ({
  caipNetworkId,
  name,
  nativeCurrency: { symbol },
})

describe('networkLogoUrl', () => {
  it('gives a known chain its own logo, by CAIP-2 id', () => {
    expect(networkLogoUrl(network('eip155:1'))).toBe(networkLogos.ethereum)
    expect(networkLogoUrl(network('eip155:8453'))).toBe(networkLogos.base)
    expect(networkLogoUrl(network('eip155:137', 'POL'))).toBe(networkLogos.polygon)
    expect(networkLogoUrl(network('eip155:42161'))).toBe(networkLogos.arbitrum)
  })

  it("gives the devnet chains, whose gas is ETH, Ethereum's logo", () => {
    for (const id of [31337, 31338, 31339]) {
      expect(networkLogoUrl(network(`eip155:${id}`, 'ETH', 'Latch Devnet A'))).toBe(
        networkLogos.ethereum,
      )
    }
  })

  it("gives every Solana cluster Solana's logo and every Bitcoin network Bitcoin's", () => {
    expect(networkLogoUrl(network('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'SOL'))).toBe(
      networkLogos.solana,
    )
    expect(networkLogoUrl(network('solana:devnetdevnetdevnetdevnetdevnet', 'SOL'))).toBe(
      networkLogos.solana,
    )
    expect(networkLogoUrl(network('bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'BTC'))).toBe(
      networkLogos.bitcoin,
    )
  })

  it('falls back to the generated icon for a chain it does not know', () => {
    const gnosis = network('eip155:100', 'xDAI', 'Gnosis')
    expect(networkLogoUrl(gnosis)).toBe(generateWalletIcon('Gnosis', 'eip155:100'))
    const cosmos = network('cosmos:cosmoshub-4', 'ATOM', 'Cosmos Hub')
    expect(networkLogoUrl(cosmos)).toBe(generateWalletIcon('Cosmos Hub', 'cosmos:cosmoshub-4'))
  })
})

describe('tokenLogoUrl', () => {
  it('gives a native currency its logo by symbol', () => {
    expect(tokenLogoUrl({ ...ether, chainId: 'eip155:31337' })).toBe(tokenLogos.ETH)
    expect(tokenLogoUrl({ symbol: 'sol', chainId: 'solana:x' })).toBe(tokenLogos.SOL)
    expect(tokenLogoUrl({ symbol: 'BTC', chainId: 'bip122:x' })).toBe(tokenLogos.BTC)
  })

  it('gives a contract token its logo by address, whatever the case of an EVM address', () => {
    const usdc = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
    expect(tokenLogoUrl({ symbol: 'USDC', chainId: 'eip155:1', address: usdc })).toBe(
      tokenLogos.USDC,
    )
    const weth = 'eip155:8453:0x4200000000000000000000000000000000000006'
    expect(tokenLogoUrl({ symbol: 'WETH', chainId: 'eip155:8453', address: weth })).toBe(
      tokenLogos.WETH,
    )
    const usdt =
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
    expect(tokenLogoUrl({ symbol: 'USDT', chainId: 'solana:x', address: usdt })).toBe(
      tokenLogos.USDT,
    )
  })

  it('never matches a contract token by symbol: a copycat USDC gets its generated icon', () => {
    const copycat = 'eip155:1:0x1111111111111111111111111111111111111111'
    expect(tokenLogoUrl({ symbol: 'USDC', chainId: 'eip155:1', address: copycat })).toBe(
      generateWalletIcon('USDC', copycat),
    )
  })

  it("falls back to the token's own safe image, then to the generated icon (the devnet's LTT)", () => {
    const ltt = 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'
    expect(tokenLogoUrl({ symbol: 'LTT', chainId: 'eip155:31337', address: ltt })).toBe(
      generateWalletIcon('LTT', ltt),
    )
    const own = 'https://tokens.example.com/ltt.png'
    expect(
      tokenLogoUrl({ symbol: 'LTT', chainId: 'eip155:31337', address: ltt, iconUrl: own }),
    ).toBe(own)
    expect(
      tokenLogoUrl({
        symbol: 'LTT',
        chainId: 'eip155:31337',
        address: ltt,
        iconUrl: 'javascript:1',
      }),
    ).toBe(generateWalletIcon('LTT', ltt))
  })

  it('has only SVG data URIs that safeImageUrl keeps', () => {
    for (const url of [...Object.values(networkLogos), ...Object.values(tokenLogos)]) {
      expect(url).toMatch(/^data:image\/svg\+xml,%3Csvg /)
      expect(safeImageUrl(url)).toBe(url)
    }
  })
})
