import { describe, expect, it } from 'vitest'
import { parseAnnouncement } from './announcement.js'
import { walletInfoSchema } from './wallet-info.js'

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
const info = {
  uuid: '350670db-19fa-4704-a166-e52e178b59d2',
  name: 'Latch Dev Wallet',
  rdns: 'io.latch.devwallet',
  icon: ICON,
}
const provider = { request: async () => null }
const parseInfo = (overrides: Record<string, unknown>) =>
  walletInfoSchema.safeParse({ ...info, ...overrides })
const MEGABYTE = 'a'.repeat(1024 * 1024)

// The rule itself is core's (cleanWalletName, tested in core): these check that an EIP-6963
// announcement goes through it.
describe('wallet names', () => {
  it("cleans the name with core's rule: bidi, zero-width and control characters go", () => {
    expect(parseInfo({ name: 'Wallet\u202Eksam' }).data?.name).toBe('Walletksam')
    expect(parseInfo({ name: '\uFEFF  Two\n\tLines\r\n ' }).data?.name).toBe('Two Lines')
    expect(parseInfo({ name: '<img src=x onerror=alert(1)>' }).data?.name).toBe(
      'img src=x onerror=alert(1)',
    )
    expect(parseInfo({ name: '🦊 Fox' }).data?.name).toBe('🦊 Fox')
  })

  it('rejects the announcement when no name is left, or it is longer than 64 characters', () => {
    expect(parseInfo({ name: '  \u202E\u200B\n ' }).success).toBe(false)
    expect(parseInfo({ name: 'w'.repeat(64) }).data?.name).toHaveLength(64)
    expect(parseInfo({ name: 'w'.repeat(65) }).success).toBe(false)
    expect(parseInfo({ name: 42 }).success).toBe(false)
  })

  it('rejects a 1 MB name quickly', () => {
    const started = performance.now()
    expect(parseInfo({ name: MEGABYTE }).success).toBe(false)
    expect(performance.now() - started).toBeLessThan(200)
  })
})

describe('rdns', () => {
  it('accepts reverse-DNS names and lower-cases them', () => {
    expect(parseInfo({ rdns: 'io.metamask' }).data?.rdns).toBe('io.metamask')
    expect(parseInfo({ rdns: 'IO.MetaMask.Flask' }).data?.rdns).toBe('io.metamask.flask')
    expect(parseInfo({ rdns: 'com.coinbase-wallet.x1' }).data?.rdns).toBe('com.coinbase-wallet.x1')
  })

  it.each([
    ['no dot', 'metamask'],
    ['empty label', 'io..metamask'],
    ['leading hyphen', 'io.-metamask'],
    ['trailing dot', 'io.metamask.'],
    ['a script URL', 'javascript:alert(1)'],
    ['HTML', '<script>alert(1)</script>.io'],
    ['a space', 'io.meta mask'],
    ['an RTL override', 'io.meta\u202Emask'],
    ['a non-ASCII look-alike', 'io.metam\u0430sk'],
    ['a 64-character label', `io.${'a'.repeat(64)}`],
    ['the prototype key', '__proto__'],
  ])('rejects %s', (_, rdns) => {
    expect(parseInfo({ rdns }).success).toBe(false)
  })

  it('accepts 253 characters, rejects 254, and rejects 1 MB quickly', () => {
    const label = 'a'.repeat(63)
    const longest = [label, label, label, 'a'.repeat(61)].join('.')
    expect(longest).toHaveLength(253)
    expect(parseInfo({ rdns: longest }).success).toBe(true)
    expect(parseInfo({ rdns: `${longest}a` }).success).toBe(false)
    const started = performance.now()
    expect(parseInfo({ rdns: `io.${MEGABYTE}` }).success).toBe(false)
    expect(performance.now() - started).toBeLessThan(200)
  })
})

// The rule itself is core's (safeImageUrl, tested in core): these check that the icon goes
// through it, and that a bad icon costs the icon only.
describe('icons', () => {
  it('keeps an inline image and an https icon', () => {
    expect(parseInfo({ icon: 'data:image/png;base64,iVBORw0KGgo=' }).data?.icon).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    )
    expect(parseInfo({ icon: 'HTTPS://Wallet.Example/i.png' }).data?.icon).toBe(
      'https://wallet.example/i.png',
    )
  })

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:text/html', 'data:text/html,<script>alert(1)</script>'],
    ['http:', 'http://wallet.example/icon.png'],
    ['a non-string', { toString: (): string => 'https://x.example/i.png' }],
  ])('drops a %s icon but keeps the wallet', (_, icon) => {
    const parsed = parseInfo({ icon })
    expect(parsed.success).toBe(true)
    expect(parsed.data?.icon).toBeUndefined()
  })
})

describe('whole announcements', () => {
  it('requires a uuid-shaped uuid and a provider with a request function', () => {
    expect(parseAnnouncement({ info, provider })?.info.rdns).toBe('io.latch.devwallet')
    expect(parseAnnouncement({ info: { ...info, uuid: 'x' }, provider })).toBeUndefined()
    expect(parseAnnouncement({ info, provider: {} })).toBeUndefined()
    expect(parseAnnouncement({ info, provider: { request: 'yes' } })).toBeUndefined()
    expect(parseAnnouncement({ info })).toBeUndefined()
  })

  it.each([null, undefined, 'detail', 42, [], { info: null, provider }])(
    'ignores a detail of %j',
    (detail) => {
      expect(parseAnnouncement(detail)).toBeUndefined()
    },
  )

  it('ignores a detail whose getters throw', () => {
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('trap')
        },
      },
    )
    expect(parseAnnouncement(trap)).toBeUndefined()
    expect(parseAnnouncement({ info: trap, provider })).toBeUndefined()
    const hostileProvider = Object.defineProperty({}, 'request', {
      get() {
        throw new Error('trap')
      },
    })
    expect(parseAnnouncement({ info, provider: hostileProvider })).toBeUndefined()
  })

  it('keeps only known keys, so __proto__ keys pollute nothing', () => {
    const json = `{"__proto__":{"polluted":1},"info":{"__proto__":{"polluted":1},${JSON.stringify(info).slice(1)}}`
    const detail = JSON.parse(json) as { info: object }
    expect(Object.hasOwn(detail.info, '__proto__')).toBe(true)
    const parsed = parseAnnouncement({ ...detail, provider })
    expect(parsed?.info).toEqual({ ...info, icon: ICON })
    expect(Object.keys(parsed?.info ?? {}).sort()).toEqual(['icon', 'name', 'rdns', 'uuid'])
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(parsed?.info)).toBe(Object.prototype)
  })

  it('copies the info, so a detail changed after the event changes nothing', () => {
    const mutable = { info: { ...info }, provider }
    const parsed = parseAnnouncement(mutable)
    mutable.info.name = 'Changed'
    expect(parsed?.info.name).toBe('Latch Dev Wallet')
    expect(parsed?.provider).toBe(provider)
  })
})
