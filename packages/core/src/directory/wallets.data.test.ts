import { describe, it, expect } from 'vitest'
import { safeParseWith } from '../validation/parse.js'
import { generateWalletIcon } from './icon.js'
import { safeImageUrl } from './image-url.js'
import { walletLogos } from './wallet-logos.data.js'
import { directoryWalletSchema } from './wallet-schema.js'
import { directoryWallets } from './wallets.data.js'

describe('the built-in wallet directory', () => {
  it('holds about 30 wallets, each passing the schema unchanged', () => {
    expect(directoryWallets.length).toBeGreaterThanOrEqual(30)
    for (const wallet of directoryWallets) {
      const result = safeParseWith(directoryWalletSchema, wallet)
      expect(result.success ? [] : result.issues, wallet.name).toEqual([])
      expect(result.success && result.data).toEqual(wallet)
    }
  })

  it('has unique ids, rdns and names', () => {
    const unique = (values: unknown[]) => new Set(values).size === values.length
    expect(unique(directoryWallets.map((w) => w.id))).toBe(true)
    expect(unique(directoryWallets.flatMap((w) => (w.rdns ? [w.rdns] : [])))).toBe(true)
    expect(unique(directoryWallets.map((w) => w.name.toLowerCase()))).toBe(true)
  })

  it('gives a wallet @web3icons/core draws its real logo, and the others their generated icon', () => {
    const byName = new Map(directoryWallets.map((wallet) => [wallet.name, wallet]))
    const metaMask = byName.get('MetaMask')
    // MetaMask's fox is drawn in its brand orange, on white; its generated icon is "MM".
    expect(metaMask?.imageUrl).toBe(walletLogos['157c99e12c26d26d'])
    expect(metaMask?.imageUrl).toContain('%23FF5C16')
    expect(metaMask?.imageUrl).not.toBe(generateWalletIcon('MetaMask', '157c99e12c26d26d'))
    for (const wallet of directoryWallets) {
      expect(wallet.imageUrl, wallet.name).toBe(
        walletLogos[wallet.id] ?? generateWalletIcon(wallet.name, wallet.id),
      )
    }
    for (const name of ['Latch Dev Wallet', 'Uniswap Wallet', 'Brave Wallet']) {
      const wallet = byName.get(name)
      expect(wallet?.imageUrl, name).toBe(generateWalletIcon(name, wallet?.id ?? ''))
    }
  })

  it('has a logo for about twenty wallets, each an SVG data URI that safeImageUrl keeps', () => {
    const ids = new Set(directoryWallets.map((wallet) => wallet.id))
    const logos = Object.entries(walletLogos)
    expect(logos.length).toBeGreaterThanOrEqual(19)
    for (const [id, url] of logos) {
      expect(ids.has(id), id).toBe(true)
      expect(url).toMatch(/^data:image\/svg\+xml,%3Csvg /)
      expect(safeImageUrl(url), id).toBe(url)
    }
  })

  it('knows the well-known rdns and the Latch Dev Wallet on both devnet chains', () => {
    const byName = new Map(directoryWallets.map((wallet) => [wallet.name, wallet]))
    expect(byName.get('MetaMask')?.rdns).toBe('io.metamask')
    expect(byName.get('Coinbase Wallet')?.rdns).toBe('com.coinbase.wallet')
    expect(byName.get('Phantom')?.chains).toContain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(byName.get('Xverse')?.chains).toEqual(['bip122:000000000019d6689c085ae165831e93'])
    expect(byName.get('Latch Dev Wallet')).toMatchObject({
      rdns: 'io.latch.devwallet',
      chains: ['eip155:31337', 'eip155:31338'],
    })
  })

  it('is frozen, so instances on one page share nothing mutable', () => {
    expect(Object.isFrozen(directoryWallets)).toBe(true)
    expect(directoryWallets.every((w) => Object.isFrozen(w) && Object.isFrozen(w.chains))).toBe(
      true,
    )
  })
})
