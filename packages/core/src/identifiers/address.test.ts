import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isAddressForNamespace,
  isBitcoinAddress,
  isEvmAddress,
  isSolanaAddress,
} from './address.js'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

/** An independent BIP-173/350 encoder, so the validator is checked against the algorithm, not itself. */
function encodeSegwit(hrp: string, version: number, program: readonly number[]): string {
  const words = [version]
  let accumulator = 0
  let bits = 0
  for (const byte of program) {
    accumulator = (accumulator << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      words.push((accumulator >> bits) & 31)
    }
    accumulator &= (1 << bits) - 1
  }
  if (bits > 0) words.push((accumulator << (5 - bits)) & 31)
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  const polymod = (values: number[]): number => {
    let chk = 1
    for (const value of values) {
      const top = chk >>> 25
      chk = ((chk & 0x1ffffff) << 5) ^ value
      for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) chk ^= generators[i]!
    }
    return chk >>> 0
  }
  const codes = [...hrp].map((char) => char.charCodeAt(0))
  const expanded = [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)]
  const target = version === 0 ? 1 : 0x2bc830a3
  const mod = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ target
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31)
  return `${hrp}1${[...words, ...checksum].map((word) => BECH32[word]).join('')}`
}

const base58String = (minLength: number, maxLength: number) =>
  fc.array(fc.constantFrom(...BASE58), { minLength, maxLength }).map((chars) => chars.join(''))

const segwitAddress = fc
  .record({
    hrp: fc.constantFrom('bc', 'tb', 'bcrt'),
    version: fc.integer({ min: 0, max: 16 }),
    length: fc.integer({ min: 2, max: 40 }),
    bytes: fc.uint8Array({ minLength: 40, maxLength: 40 }),
  })
  .map(({ hrp, version, length, bytes }) => {
    const programLength = version === 0 ? (length % 2 === 0 ? 20 : 32) : length
    return encodeSegwit(hrp, version, [...bytes.slice(0, programLength)])
  })

const notStrings = [undefined, null, 0, 1n, true, {}, [], Symbol('x'), () => '0x']

describe('isEvmAddress', () => {
  it('accepts 40 hex digits with or without 0x, in any case', () => {
    expect(isEvmAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true)
    expect(isEvmAddress('0xde709f2102306220921060314715629080e2fb77')).toBe(true)
    expect(isEvmAddress('de709f2102306220921060314715629080e2fb77')).toBe(true)
  })

  it('rejects wrong lengths, non-hex digits, other prefixes, padding and non-strings', () => {
    const hex40 = 'de709f2102306220921060314715629080e2fb77'
    for (const value of [
      `0x${hex40.slice(1)}`,
      `0x${hex40}0`,
      `0x${hex40.slice(1)}g`,
      `0X${hex40}`,
      `0x0x${hex40.slice(2)}`,
      ` 0x${hex40}`,
      `0x${hex40}\n`,
      '',
      ...notStrings,
    ]) {
      expect(isEvmAddress(value)).toBe(false)
    }
  })
})

describe('isSolanaAddress', () => {
  it('accepts 32 to 44 base58 characters', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true)
    expect(isSolanaAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(true)
  })

  it('rejects the letters base58 leaves out (0 O I l), wrong lengths and non-strings', () => {
    const valid = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    for (const char of ['0', 'O', 'I', 'l', '+', '/', ' ']) {
      expect(isSolanaAddress(`${char}${valid.slice(1)}`)).toBe(false)
    }
    expect(isSolanaAddress('1'.repeat(31))).toBe(false)
    expect(isSolanaAddress('1'.repeat(45))).toBe(false)
    for (const value of notStrings) expect(isSolanaAddress(value)).toBe(false)
  })
})

describe('isBitcoinAddress', () => {
  it('accepts legacy mainnet and testnet base58 addresses', () => {
    for (const address of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      'n3GNqMveyvaPvUbH469vDRadqpJMPc84JA',
      '2N3oefVeg6stiTb5Kh3ozCSkaqmx91FDbsm',
    ]) {
      expect(isBitcoinAddress(address)).toBe(true)
    }
  })

  it('rejects legacy addresses with another prefix, a wrong length or a non-base58 letter', () => {
    for (const address of [
      '4A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNaX',
      '1A1zP1eP5QGefi2DMP',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7Div0Na',
      '2N3oefVeg6stiTb5Kh3ozCSkaqmx91FDbs',
      'bc1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf',
    ]) {
      expect(isBitcoinAddress(address)).toBe(false)
    }
  })

  it('accepts BIP-173 and BIP-350 segwit addresses (bech32 and bech32m), lower or upper case', () => {
    for (const address of [
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      'BC1SW50QGDZ25J',
      'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
      'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    ]) {
      expect(isBitcoinAddress(address)).toBe(true)
    }
  })

  it('rejects segwit addresses with a bad checksum, the wrong variant, mixed case or a bad program', () => {
    for (const address of [
      // BIP-350 invalid vectors.
      'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf',
      'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
      'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47',
      'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4',
      'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R',
      'bc1pw5dgrnzv',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav',
      'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
      'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf',
      'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j',
      'bc1gmk9yu',
      // Valid, but one character changed.
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
    ]) {
      expect(isBitcoinAddress(address)).toBe(false)
    }
  })

  it('accepts generated segwit addresses and rejects any single-character change to them', () => {
    fc.assert(
      fc.property(segwitAddress, fc.nat(), fc.nat({ max: 31 }), (address, at, word) => {
        expect(isBitcoinAddress(address)).toBe(true)
        expect(isBitcoinAddress(address.toUpperCase())).toBe(true)
        // bech32 detects every single substitution in the data part.
        const dataStart = address.lastIndexOf('1') + 1
        const index = dataStart + (at % (address.length - dataStart))
        const replacement = BECH32[word]!
        fc.pre(replacement !== address[index])
        const changed = address.slice(0, index) + replacement + address.slice(index + 1)
        expect(isBitcoinAddress(changed)).toBe(false)
      }),
    )
  })
})

describe('isAddressForNamespace', () => {
  it('validates eip155, solana and bip122 addresses with their own rules', () => {
    const evm = '0xde709f2102306220921060314715629080e2fb77'
    const solana = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const bitcoin = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    expect(isAddressForNamespace('eip155', evm)).toBe(true)
    expect(isAddressForNamespace('eip155', solana)).toBe(false)
    expect(isAddressForNamespace('solana', solana)).toBe(true)
    expect(isAddressForNamespace('solana', evm)).toBe(false)
    expect(isAddressForNamespace('bip122', bitcoin)).toBe(true)
    expect(isAddressForNamespace('bip122', evm)).toBe(false)
  })

  it('gives false for every other namespace, even for an address valid elsewhere', () => {
    for (const namespace of ['cosmos', 'polkadot', 'near', 'EIP155', '', '__proto__', 'toString']) {
      expect(isAddressForNamespace(namespace, '0xde709f2102306220921060314715629080e2fb77')).toBe(
        false,
      )
    }
  })
})

describe('address validators (properties)', () => {
  it('never throw on arbitrary input, strings or not', () => {
    const input = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.string({ minLength: 10_000, maxLength: 12_000 }),
      fc.constantFrom('__proto__', 'constructor', 'toString', Object.create(null) as unknown),
    )
    fc.assert(
      fc.property(input, fc.string(), (value, namespace) => {
        for (const check of [isEvmAddress, isSolanaAddress, isBitcoinAddress]) {
          expect(typeof check(value)).toBe('boolean')
        }
        expect(typeof isAddressForNamespace(namespace, value)).toBe('boolean')
      }),
    )
  })

  it('accept generated valid EVM, Solana and legacy Bitcoin addresses', () => {
    const hex = fc
      .array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: 40, maxLength: 40 })
      .map((chars) => chars.join(''))
    const legacy = fc.oneof(
      fc.tuple(fc.constantFrom('1', '3', 'm', 'n'), base58String(24, 33)),
      fc.tuple(fc.constant('2'), base58String(34, 34)),
    )
    fc.assert(
      fc.property(
        hex,
        fc.boolean(),
        base58String(32, 44),
        legacy,
        (digits, prefixed, solana, [prefix, rest]) => {
          expect(isEvmAddress(prefixed ? `0x${digits}` : digits)).toBe(true)
          expect(isSolanaAddress(solana)).toBe(true)
          expect(isBitcoinAddress(prefix + rest)).toBe(true)
        },
      ),
    )
  })
})
