import { describe, expect, it } from 'vitest'
import {
  DEFAULT_STORAGE_PREFIX,
  createStorageKeys,
  loginCacheKeys,
  recentWalletSchema,
  storageKeyNames,
  storageSchemas,
} from './keys.js'

describe('storage keys', () => {
  it('prefixes every key, with @latch/ by default', () => {
    expect(DEFAULT_STORAGE_PREFIX).toBe('@latch/')
    expect(createStorageKeys().email).toBe('@latch/email')
    const custom = createStorageKeys('other/')
    for (const key of storageKeyNames) expect(custom[key]).toBe(`other/${key}`)
  })

  it('names the SPEC §3 keys and the ones core adds', () => {
    expect([...storageKeyNames].sort()).toEqual(
      [
        'activeCaipNetworkId',
        'connections',
        'disconnectedConnectors',
        'email',
        'emailLoginUsed',
        'lastEmailLoginTime',
        'lastUsedChain',
        'recentWallets',
        'smartAccountEnabledNetworks',
        'socialProvider',
        'socialUsername',
        'siwxTokens',
        'storageVersion',
      ].sort(),
    )
  })

  it('defines the login cache as exactly flag, email, last chain, social username and provider', () => {
    expect([...loginCacheKeys].sort()).toEqual(
      ['email', 'emailLoginUsed', 'lastUsedChain', 'socialUsername', 'socialProvider'].sort(),
    )
  })

  it('keeps a social provider only among SPEC §5 providers', () => {
    expect(storageSchemas.socialProvider.safeParse('github').success).toBe(true)
    expect(storageSchemas.socialProvider.safeParse('myspace').success).toBe(false)
  })

  it('accepts well-formed values and rejects malformed ones', () => {
    expect(storageSchemas.email.safeParse('a@b.co').success).toBe(true)
    expect(storageSchemas.email.safeParse('not-an-email').success).toBe(false)
    expect(storageSchemas.lastUsedChain.safeParse('solana').success).toBe(true)
    expect(storageSchemas.lastUsedChain.safeParse('eip155:1').success).toBe(false)
    expect(storageSchemas.activeCaipNetworkId.safeParse('eip155:1').success).toBe(true)
    expect(storageSchemas.activeCaipNetworkId.safeParse('eip155').success).toBe(false)
    expect(storageSchemas.smartAccountEnabledNetworks.safeParse(['eip155:8453']).success).toBe(true)
    expect(storageSchemas.smartAccountEnabledNetworks.safeParse(['8453']).success).toBe(false)
    expect(storageSchemas.storageVersion.safeParse(1).success).toBe(true)
    expect(storageSchemas.storageVersion.safeParse(2).success).toBe(false)
    expect(storageSchemas.lastEmailLoginTime.safeParse(-1).success).toBe(false)
  })

  it('keeps at most two recent wallets and only safe image URLs', () => {
    const wallet = { id: 'io.metamask', name: 'MetaMask' }
    expect(storageSchemas.recentWallets.safeParse([wallet, wallet]).success).toBe(true)
    expect(storageSchemas.recentWallets.safeParse([wallet, wallet, wallet]).success).toBe(false)
    for (const imageUrl of ['https://x.io/a.png', 'data:image/svg+xml;base64,AAAA']) {
      expect(recentWalletSchema.safeParse({ ...wallet, imageUrl }).success).toBe(true)
    }
    for (const imageUrl of ['javascript:alert(1)', 'http://x.io/a.png', 'data:text/html,x']) {
      expect(recentWalletSchema.safeParse({ ...wallet, imageUrl }).success).toBe(false)
    }
  })
})
