import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LatchError } from '../errors/latch-error.js'
import {
  assertCaipAddress,
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.js'
import { displayValue } from './display-value.js'

/** Runs `run` and returns the LatchError it throws; fails on any other outcome. */
function latchErrorOf(run: () => unknown): LatchError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(LatchError)
    return error as LatchError
  }
  throw new Error('expected a LatchError, nothing was thrown')
}

const namespace = fc.stringMatching(/^[-a-z0-9]{3,8}$/)
const reference = fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)
const accountAddress = fc.stringMatching(/^[-.%a-zA-Z0-9]{1,128}$/)

/** Anything a caller might hand over: text of every kind, tricky keys, odd colons, non-strings. */
const arbitraryInput = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ minLength: 10_000, maxLength: 12_000 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'prototype', 'hasOwnProperty'),
  fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'toString', 'eip155'), fc.string())
    .map(([head, tail]) => `${head}:${tail}`),
  fc
    .array(fc.constantFrom(':', 'a', '1', 'eip155', '', '_', '%', ' '), { maxLength: 8 })
    .map((bits) => bits.join('')),
  fc.anything(),
)

describe('parseCaipNetworkId', () => {
  it('splits a CAIP-2 id into namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({
      chainNamespace: 'eip155',
      chainReference: '1',
      caipNetworkId: 'eip155:1',
    })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toMatchObject({
      chainNamespace: 'solana',
      chainReference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(parseCaipNetworkId('bip122:000000000019d6689c085ae165831e93').chainNamespace).toBe(
      'bip122',
    )
  })

  const badNetworkIds = [
    '',
    'eip155',
    'eip155:',
    ':1',
    ':',
    'EIP155:1',
    'ei:1',
    'abcdefghi:1',
    'eip_155:1',
    'eip155:1:0xab',
    'eip155::1',
    'eip155:1.5',
    'eip155:1 ',
    ' eip155:1',
    'eip155:1\n',
    `eip155:${'a'.repeat(33)}`,
    'eip155:１',
  ]
  it('rejects text outside the CAIP-2 grammar with the SPEC text', () => {
    for (const value of badNetworkIds) {
      const error = latchErrorOf(() => parseCaipNetworkId(value))
      expect(error.code, value).toBe('INVALID_CAIP2_NETWORK_ID')
      expect(error.message).toBe(`Invalid CAIP-2 network id: ${value}`)
    }
  })

  it('rejects non-strings with a LatchError, even values that cannot be turned into text', () => {
    const throwing = {
      toString() {
        throw new TypeError('no text')
      },
    }
    const cases: [unknown, string][] = [
      [undefined, 'undefined'],
      [null, 'null'],
      [1, '1'],
      [{}, '[object Object]'],
      [Symbol('s'), 'Symbol(s)'],
      [throwing, '[object Object]'],
      [Object.create(null), '[object Object]'],
    ]
    for (const [value, shown] of cases) {
      expect(latchErrorOf(() => parseCaipNetworkId(value)).message).toBe(
        `Invalid CAIP-2 network id: ${shown}`,
      )
    }
  })

  it('rejects a huge string quickly, quoting only its beginning', () => {
    const huge = `eip155:${'1'.repeat(5_000_000)}`
    const error = latchErrorOf(() => parseCaipNetworkId(huge))
    expect(error.message).toBe(`Invalid CAIP-2 network id: ${huge.slice(0, 256)}…`)
  })
})

describe('parseCaipAddress', () => {
  it('splits a CAIP-10 id into network and address', () => {
    expect(parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toEqual({
      chainNamespace: 'eip155',
      chainReference: '1',
      caipNetworkId: 'eip155:1',
      address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
    })
  })

  it('allows the CAIP-10 address characters and lengths, up to 128', () => {
    expect(parseCaipAddress('hedera:mainnet:0.0.1234-vfmkw').address).toBe('0.0.1234-vfmkw')
    expect(parseCaipAddress('chainstd:8c3444cf8970a9e4:a%2Fb').address).toBe('a%2Fb')
    expect(parseCaipAddress(`eip155:1:${'a'.repeat(128)}`).address).toHaveLength(128)
  })

  const badAddresses = [
    '',
    'eip155:1',
    'eip155:1:',
    '::',
    'eip155::0xab',
    ':1:0xab',
    'eip155:1:0xab:extra',
    'eip155:1:0x ab',
    'eip155:1:0x/ab',
    `eip155:1:${'a'.repeat(129)}`,
    'Eip155:1:0xab',
  ]
  it('rejects text outside the CAIP-10 grammar with the SPEC text', () => {
    for (const value of badAddresses) {
      const error = latchErrorOf(() => parseCaipAddress(value))
      expect(error.code, value).toBe('INVALID_CAIP10_ADDRESS')
      expect(error.message).toBe(`Invalid CAIP-10 address: ${value}`)
    }
  })

  it('does not pollute prototypes when parts are named like special keys', () => {
    const parsed = parseCaipAddress('eip155:__proto__:constructor')
    expect(parsed.chainReference).toBe('__proto__')
    expect(parsed.address).toBe('constructor')
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(Object.keys(parsed).sort()).toEqual([
      'address',
      'caipNetworkId',
      'chainNamespace',
      'chainReference',
    ])
    expect(() => parseCaipNetworkId('__proto__:polluted')).toThrow(LatchError)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(Object.keys(Object.prototype)).toEqual([])
  })
})

describe('assertCaipAddress', () => {
  it('returns a value of three non-empty parts separated by colons', () => {
    expect(assertCaipAddress('eip155:1:0xab')).toBe('eip155:1:0xab')
    // The shape check only: the grammar is parseCaipAddress's job.
    expect(assertCaipAddress('Any Thing:x:y z')).toBe('Any Thing:x:y z')
  })

  it('rejects anything else with "Invalid CAIP Address"', () => {
    for (const value of [
      'eip155:1',
      'eip155:1:0xab:1',
      'eip155::0xab',
      '::',
      '',
      undefined,
      42,
      {},
    ]) {
      const error = latchErrorOf(() => assertCaipAddress(value))
      expect(error.code, String(value)).toBe('INVALID_CAIP_ADDRESS')
      expect(error.message).toBe('Invalid CAIP Address')
    }
  })
})

describe('formatCaipNetworkId and formatCaipAddress', () => {
  it('build ids from parts, a numeric chain id or a network id', () => {
    expect(formatCaipNetworkId('eip155', '137')).toBe('eip155:137')
    expect(formatCaipNetworkId('eip155', 1)).toBe('eip155:1')
    expect(formatCaipAddress('eip155:1', '0xab')).toBe('eip155:1:0xab')
    expect(formatCaipAddress({ chainNamespace: 'solana', chainReference: 'abc' }, 'Xyz')).toBe(
      'solana:abc:Xyz',
    )
  })

  it('reject invalid parts, including a colon smuggled into one part', () => {
    const networkCases: [unknown, unknown, string][] = [
      ['eip155', '', 'eip155:'],
      ['EIP155', '1', 'EIP155:1'],
      ['eip155:1', 'x', 'eip155:1:x'],
      ['eip155', 1.5, 'eip155:1.5'],
      ['eip155', Number.NaN, 'eip155:NaN'],
      ['eip155', -1, 'eip155:-1'],
      [null, '1', 'null:1'],
    ]
    for (const [ns, ref, shown] of networkCases) {
      const error = latchErrorOf(() => formatCaipNetworkId(ns as string, ref as string))
      expect(error.message).toBe(`Invalid CAIP-2 network id: ${shown}`)
    }
    const throwingGetters = Object.defineProperty({}, 'chainNamespace', {
      get() {
        throw new Error('getter')
      },
    })
    const addressCases: [unknown, unknown, string][] = [
      ['eip155', '1:0xab', 'eip155:1:0xab'],
      ['eip155:1', '', 'eip155:1:'],
      ['eip155:1', 'a:b', 'eip155:1:a:b'],
      [{ chainNamespace: 'eip155', chainReference: '1:2' }, 'x', 'eip155:1:2:x'],
      [{ chainNamespace: null, chainReference: 1 }, 'x', 'null:1:x'],
      [null, 'x', 'undefined:undefined:x'],
      [throwingGetters, 'x', 'undefined:undefined:x'],
    ]
    for (const [network, address, shown] of addressCases) {
      const error = latchErrorOf(() => formatCaipAddress(network as 'a:b', address as string))
      expect(error.code).toBe('INVALID_CAIP10_ADDRESS')
      expect(error.message).toBe(`Invalid CAIP-10 address: ${shown}`)
    }
  })
})

describe('isCaipNetworkId and isCaipAddress', () => {
  it('tell ids apart without throwing', () => {
    expect(isCaipNetworkId('eip155:1')).toBe(true)
    expect(isCaipNetworkId('eip155:1:0xab')).toBe(false)
    expect(isCaipAddress('eip155:1:0xab')).toBe(true)
    expect(isCaipAddress('eip155:1')).toBe(false)
    for (const value of [undefined, null, 1, {}, Symbol('s'), Object.create(null)]) {
      expect(isCaipNetworkId(value)).toBe(false)
      expect(isCaipAddress(value)).toBe(false)
    }
  })
})

describe('CAIP identifiers (properties)', () => {
  it('round-trip CAIP-2 ids: parse(format(parts)) equals the parts, format(parse(id)) the id', () => {
    fc.assert(
      fc.property(namespace, reference, (ns, ref) => {
        const id = formatCaipNetworkId(ns, ref)
        const parsed = parseCaipNetworkId(id)
        expect(parsed).toEqual({ chainNamespace: ns, chainReference: ref, caipNetworkId: id })
        expect(formatCaipNetworkId(parsed.chainNamespace, parsed.chainReference)).toBe(id)
        expect(isCaipNetworkId(id)).toBe(true)
      }),
    )
  })

  it('round-trip CAIP-10 ids, built from a network id or from parts', () => {
    fc.assert(
      fc.property(namespace, reference, accountAddress, (ns, ref, address) => {
        const id = formatCaipAddress(`${ns}:${ref}`, address)
        const parsed = parseCaipAddress(id)
        expect(parsed).toEqual({
          chainNamespace: ns,
          chainReference: ref,
          caipNetworkId: `${ns}:${ref}`,
          address,
        })
        expect(formatCaipAddress(parsed, parsed.address)).toBe(id)
        expect(formatCaipAddress(parsed.caipNetworkId, parsed.address)).toBe(id)
        expect(assertCaipAddress(id)).toBe(id)
        expect(isCaipAddress(id)).toBe(true)
      }),
    )
  })

  it('on arbitrary input, parse to a value that round-trips or throw a LatchError with the exact text', () => {
    fc.assert(
      fc.property(arbitraryInput, (value) => {
        let network: ReturnType<typeof parseCaipNetworkId> | undefined
        try {
          network = parseCaipNetworkId(value)
        } catch (error) {
          expect(error).toBeInstanceOf(LatchError)
          expect((error as LatchError).message).toBe(
            `Invalid CAIP-2 network id: ${displayValue(value)}`,
          )
        }
        if (network) {
          expect(formatCaipNetworkId(network.chainNamespace, network.chainReference)).toBe(value)
        }
        let address: ReturnType<typeof parseCaipAddress> | undefined
        try {
          address = parseCaipAddress(value)
        } catch (error) {
          expect(error).toBeInstanceOf(LatchError)
          expect((error as LatchError).message).toBe(
            `Invalid CAIP-10 address: ${displayValue(value)}`,
          )
        }
        if (address) expect(formatCaipAddress(address, address.address)).toBe(value)
        try {
          expect(assertCaipAddress(value)).toBe(value)
        } catch (error) {
          expect(error).toBeInstanceOf(LatchError)
          expect((error as LatchError).message).toBe('Invalid CAIP Address')
        }
        expect(isCaipNetworkId(value)).toBe(network !== undefined)
        expect(isCaipAddress(value)).toBe(address !== undefined)
      }),
    )
    expect(Object.keys(Object.prototype)).toEqual([])
  })
})
