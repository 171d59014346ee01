import { describe, expect, it, vi } from 'vitest'
import { isLatchError } from '../errors/latch-error.js'
import { metaMask, setup } from '../test/latch-storage-setup.js'
import type { StorageKey, StorageValues } from './keys.js'
import {
  EMAIL_LOGIN_COOLDOWN_MS,
  MAX_STORED_VALUE_LENGTH,
  createLatchStorage,
  type StorageReport,
} from './latch-storage.js'
import { createMemoryStorage } from './memory-storage.js'
import type { StoragePort } from './storage-port.js'

const samples: { [K in StorageKey]: StorageValues[K] } = {
  emailLoginUsed: true,
  email: 'ada@example.com',
  lastEmailLoginTime: 1_700_000_000_000,
  lastUsedChain: 'solana',
  socialUsername: 'ada.eth',
  socialProvider: 'github',
  smartAccountEnabledNetworks: ['eip155:8453', 'eip155:10'],
  siwxTokens: [{ chainId: 'eip155:1', address: '0xabc', token: 'a'.repeat(43) }],
  recentWallets: [
    {
      id: 'io.metamask',
      name: 'MetaMask',
      imageUrl: 'data:image/svg+xml;base64,AA',
      rdns: 'io.metamask',
    },
    { id: 'wc', name: 'WalletConnect' },
  ],
  connections: [
    { namespace: 'eip155', connectorId: 'io.metamask' },
    { namespace: 'solana', connectorId: 'phantom' },
  ],
  disconnectedConnectors: ['io.metamask'],
  activeCaipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  storageVersion: 1,
}

describe('createLatchStorage: typed values', () => {
  it('reads back every key exactly as written, through a fresh instance too', () => {
    const { port, storage, reports } = setup()
    for (const key of Object.keys(samples) as StorageKey[]) storage.set(key, samples[key] as never)
    const reopened = createLatchStorage({ port })
    for (const key of Object.keys(samples) as StorageKey[]) {
      expect(storage.get(key)).toEqual(samples[key])
      expect(reopened.get(key)).toEqual(samples[key])
    }
    expect(reports).toEqual([])
  })

  it('stores under the prefix, @latch/ by default', () => {
    const { port, storage } = setup()
    storage.set('email', 'ada@example.com')
    expect(port.getItem('@latch/email')).toBe('"ada@example.com"')
    const custom = setup({}, 'app-a:')
    custom.storage.set('lastUsedChain', 'eip155')
    expect(custom.port.getItem('app-a:lastUsedChain')).toBe('"eip155"')
    expect(custom.storage.prefix).toBe('app-a:')
  })

  it('returns undefined for absent keys and removes keys', () => {
    const { storage } = setup()
    expect(storage.get('email')).toBeUndefined()
    storage.set('email', 'ada@example.com')
    storage.remove('email')
    expect(storage.get('email')).toBeUndefined()
  })

  it('strips fields the schema does not know (a wallet object carrying its provider)', () => {
    const { port, storage } = setup()
    const withProvider = { ...metaMask, provider: { request: () => undefined } }
    storage.set('recentWallets', [withProvider])
    expect(JSON.parse(port.getItem('@latch/recentWallets') ?? '')).toEqual([metaMask])
  })

  it('refuses an invalid value without throwing or writing, and reports it', () => {
    const { port, storage, reports } = setup()
    storage.set('email', 'not-an-email')
    storage.set('lastUsedChain', 'eip155:1')
    expect(port.getItem('@latch/email')).toBeNull()
    expect(port.getItem('@latch/lastUsedChain')).toBeNull()
    expect(reports.map((r) => [r.kind, r.key])).toEqual([
      ['write-failed', '@latch/email'],
      ['write-failed', '@latch/lastUsedChain'],
    ])
  })
})

describe('createLatchStorage: corrupted and foreign values', () => {
  const hostile: Array<{ label: string; key: StorageKey; raw: string }> = [
    { label: 'text that is not JSON', key: 'email', raw: '{not json' },
    { label: 'null', key: 'email', raw: 'null' },
    { label: 'a number for a string', key: 'email', raw: '42' },
    { label: 'a string for a boolean', key: 'emailLoginUsed', raw: '"true"' },
    { label: 'a string for a number', key: 'lastEmailLoginTime', raw: '"1700000000000"' },
    { label: 'an object for an array', key: 'recentWallets', raw: '{"id":"x","name":"y"}' },
    {
      label: 'three recent wallets',
      key: 'recentWallets',
      raw: '[{"id":"a","name":"A"},{"id":"b","name":"B"},{"id":"c","name":"C"}]',
    },
    {
      label: 'a javascript: image URL',
      key: 'recentWallets',
      raw: '[{"id":"a","name":"A","imageUrl":"javascript:alert(1)"}]',
    },
    { label: 'null inside an array', key: 'connections', raw: '[null]' },
    { label: 'an array-like object', key: 'smartAccountEnabledNetworks', raw: '{"0":"eip155:1"}' },
    { label: 'a version of the wrong type', key: 'storageVersion', raw: '"1"' },
    { label: 'an array for a string', key: 'activeCaipNetworkId', raw: '[]' },
    {
      label: 'deeply nested arrays',
      key: 'connections',
      raw: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    },
    {
      label: 'a 10 000-character name',
      key: 'socialUsername',
      raw: JSON.stringify('x'.repeat(10_000)),
    },
    {
      label: 'a value over the size limit',
      key: 'email',
      raw: `"${'a'.repeat(MAX_STORED_VALUE_LENGTH)}@x.io"`,
    },
  ]

  it.each(hostile)('removes $label ($key) and reports it as corrupt', ({ key, raw }) => {
    // Planted after creation: a bad storageVersion at creation is the version rule's case.
    const { port, storage, reports } = setup()
    const name = `@latch/${key}`
    port.setItem(name, raw)
    expect(storage.get(key)).toBeUndefined()
    expect(port.getItem(name)).toBeNull()
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({ kind: 'corrupt', key: name })
    expect(reports[0]?.reason).toEqual(expect.any(String))
  })

  it('never pollutes prototypes through __proto__ in stored JSON', () => {
    const { port, storage } = setup()
    port.setItem(
      '@latch/recentWallets',
      '[{"id":"a","name":"A","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}]',
    )
    port.setItem('@latch/connections', '{"__proto__":{"polluted":1}}')
    const wallets = storage.getRecentWallets()
    expect(wallets).toEqual([{ id: 'a', name: 'A' }])
    expect(Object.getPrototypeOf(wallets[0])).toBe(Object.prototype)
    expect(storage.getRememberedConnections()).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  it('treats a port whose getItem throws as absent, reporting read-failed', () => {
    const port = createMemoryStorage()
    const reports: StorageReport[] = []
    const storage = createLatchStorage({ port, onReport: (r) => reports.push(r) })
    port.getItem = () => {
      throw new Error('SecurityError')
    }
    expect(storage.get('email')).toBeUndefined()
    expect(storage.getRecentWallets()).toEqual([])
    expect(storage.isConnectorDisconnected('x')).toBe(false)
    expect(reports[0]).toMatchObject({ kind: 'read-failed', key: '@latch/email' })
  })

  it('reports writes and removals that throw (quota, SecurityError) without throwing', () => {
    const port = createMemoryStorage()
    const reports: StorageReport[] = []
    const storage = createLatchStorage({ port, onReport: (r) => reports.push(r) })
    port.setItem = () => {
      throw new Error('QuotaExceededError')
    }
    port.removeItem = () => {
      throw new Error('SecurityError')
    }
    expect(() => storage.set('email', 'ada@example.com')).not.toThrow()
    expect(() => storage.addRecentWallet(metaMask)).not.toThrow()
    expect(() => storage.clearLoginCache()).not.toThrow()
    expect(() => storage.clear()).not.toThrow()
    expect(reports.every((r) => r.kind === 'write-failed')).toBe(true)
    expect(reports[0]).toMatchObject({ key: '@latch/email', reason: 'Error: QuotaExceededError' })
  })

  it('survives a completely broken port and a throwing reporter', () => {
    const broken: StoragePort = {
      getItem: () => {
        throw new Error('no')
      },
      setItem: () => {
        throw new Error('no')
      },
      removeItem: () => {
        throw new Error('no')
      },
      keys: () => {
        throw new Error('no')
      },
    }
    const onReport = vi.fn(() => {
      throw new Error('reporter down')
    })
    const storage = createLatchStorage({ port: broken, onReport })
    expect(storage.get('connections')).toBeUndefined()
    storage.rememberConnection('eip155', 'io.metamask')
    storage.clear()
    expect(storage.emailLoginCooldownRemaining(0)).toBe(0)
    expect(onReport).toHaveBeenCalled()
  })

  it('refuses an empty prefix, which would claim the host app keys', () => {
    try {
      createLatchStorage({ port: createMemoryStorage(), prefix: '' })
      expect.unreachable()
    } catch (error) {
      expect(isLatchError(error, 'INVALID_OPTIONS')).toBe(true)
      expect((error as Error).message).toBe(
        'Invalid Latch options: storage prefix must be a non-empty string',
      )
    }
  })
})

describe('createLatchStorage: storage version (SPEC §9)', () => {
  it('writes version 1 on a first start without reporting', () => {
    const { port, reports } = setup()
    expect(port.getItem('@latch/storageVersion')).toBe('1')
    expect(reports).toEqual([])
  })

  it('keeps version-1 data', () => {
    const { storage } = setup({ '@latch/storageVersion': '1', '@latch/email': '"ada@example.com"' })
    expect(storage.get('email')).toBe('ada@example.com')
  })

  it.each(['2', '0', '"1"', 'garbage', 'null'])(
    'drops every key of this prefix when the version is %s, and nothing else',
    (version) => {
      const { port, storage, reports } = setup({
        '@latch/storageVersion': version,
        '@latch/email': '"ada@example.com"',
        '@latch/oldKeyFromV0': 'x',
        'other/email': '"bob@example.com"',
        hostAppKey: 'keep me',
      })
      expect(storage.get('email')).toBeUndefined()
      expect(port.getItem('@latch/oldKeyFromV0')).toBeNull()
      expect(port.getItem('other/email')).toBe('"bob@example.com"')
      expect(port.getItem('hostAppKey')).toBe('keep me')
      expect(port.getItem('@latch/storageVersion')).toBe('1')
      expect(reports).toHaveLength(1)
      expect(reports[0]).toMatchObject({ kind: 'version-mismatch', key: '@latch/storageVersion' })
    },
  )
})

describe('createLatchStorage: email login (SPEC §4, §5)', () => {
  it('clears exactly the login cache: flag, email, last chain, social username and provider', () => {
    const { storage } = setup()
    for (const key of Object.keys(samples) as StorageKey[]) storage.set(key, samples[key] as never)
    storage.clearLoginCache()
    for (const key of [
      'emailLoginUsed',
      'email',
      'lastUsedChain',
      'socialUsername',
      'socialProvider',
    ] as const) {
      expect(storage.get(key)).toBeUndefined()
    }
    for (const key of [
      'lastEmailLoginTime',
      'smartAccountEnabledNetworks',
      'recentWallets',
      'connections',
      'disconnectedConnectors',
      'activeCaipNetworkId',
      'storageVersion',
    ] as const) {
      expect(storage.get(key)).toEqual(samples[key])
    }
  })

  it('records a successful login: email and flag stored, last login time cleared', () => {
    const { storage } = setup()
    storage.markEmailLoginAttempt(1_000)
    storage.recordEmailLogin('ada@example.com')
    expect(storage.get('email')).toBe('ada@example.com')
    expect(storage.get('emailLoginUsed')).toBe(true)
    expect(storage.get('lastEmailLoginTime')).toBeUndefined()
    expect(storage.emailLoginCooldownRemaining(2_000)).toBe(0)
  })

  it('records a social login: flag, provider and username; the email only when given', () => {
    const { storage } = setup()
    storage.recordEmailLogin('ada@example.com')
    storage.recordSocialLogin({ provider: 'github', username: 'ada' })
    expect(storage.get('emailLoginUsed')).toBe(true)
    expect(storage.get('socialProvider')).toBe('github')
    expect(storage.get('socialUsername')).toBe('ada')
    // The earlier email login's address is not this account's.
    expect(storage.get('email')).toBeUndefined()
    storage.recordSocialLogin({ provider: 'google', username: 'Ada', email: 'ada@gmail.com' })
    expect(storage.get('email')).toBe('ada@gmail.com')
    // An email login afterwards is no social login any more.
    storage.recordEmailLogin('ada@example.com')
    expect(storage.get('socialProvider')).toBeUndefined()
    expect(storage.get('socialUsername')).toBeUndefined()
  })

  it('allows another email login only 30 seconds after the last', () => {
    expect(EMAIL_LOGIN_COOLDOWN_MS).toBe(30_000)
    const { storage } = setup()
    const start = 1_700_000_000_000
    expect(storage.emailLoginCooldownRemaining(start)).toBe(0)
    storage.markEmailLoginAttempt(start)
    expect(storage.get('lastEmailLoginTime')).toBe(start)
    expect(storage.emailLoginCooldownRemaining(start)).toBe(30)
    expect(storage.emailLoginCooldownRemaining(start + 1)).toBe(30)
    expect(storage.emailLoginCooldownRemaining(start + 29_001)).toBe(1)
    expect(storage.emailLoginCooldownRemaining(start + 29_999)).toBe(1)
    expect(storage.emailLoginCooldownRemaining(start + 30_000)).toBe(0)
  })

  it('never locks out for longer than the cooldown when the clock moved backwards', () => {
    const { storage } = setup()
    storage.markEmailLoginAttempt(10_000_000)
    expect(storage.emailLoginCooldownRemaining(0)).toBe(30)
  })
})

describe('createLatchStorage: clear and isolation', () => {
  it('clear removes every key of this prefix and nothing else', () => {
    const { port, storage } = setup({ 'other/email': '"b@x.io"', hostAppKey: 'keep' })
    storage.set('email', 'ada@example.com')
    port.setItem('@latch/unknownLegacyKey', 'x')
    storage.clear()
    expect(port.keys().sort()).toEqual(['hostAppKey', 'other/email'])
  })

  it('keeps two instances on one port apart', () => {
    const port = createMemoryStorage()
    const first = createLatchStorage({ port, prefix: 'a/' })
    const second = createLatchStorage({ port, prefix: 'b/' })
    first.addRecentWallet(metaMask)
    second.rememberConnection('solana', 'phantom')
    expect(second.getRecentWallets()).toEqual([])
    expect(first.getRememberedConnections()).toEqual([])
    first.clear()
    expect(second.getRememberedConnections()).toHaveLength(1)
    expect(second.get('storageVersion')).toBe(1)
  })
})
