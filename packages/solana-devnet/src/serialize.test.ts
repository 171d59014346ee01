import { describe, expect, it } from 'vitest'
import { JsonF64, parseJson, stringifyJson } from './serialize.js'

describe('stringifyJson', () => {
  it('writes bigints as exact bare integers, even past 2^53 and at u64::MAX', () => {
    expect(stringifyJson({ a: 2n ** 53n + 1n, b: [2n ** 64n - 1n], c: 5 })).toBe(
      '{"a":9007199254740993,"b":[18446744073709551615],"c":5}',
    )
  })

  it('writes f64 values with a decimal point, so kit reads a float, not a bigint', () => {
    expect(
      stringifyJson([new JsonF64(1), new JsonF64(1.5), new JsonF64(0), new JsonF64(NaN)]),
    ).toBe('[1.0,1.5,0.0,null]')
  })

  it('leaves strings alone, placeholder-looking text included', () => {
    const text = '{"__latch_raw_number__":"12"}'
    expect(JSON.parse(stringifyJson({ text }))).toEqual({ text })
  })
})

describe('parseJson', () => {
  it('reads integers past 2^53 as bigints and smaller ones as numbers', () => {
    expect(parseJson('[9007199254740993, 18446744073709551615, 42, -7, 1.5, 2e3]')).toEqual([
      9007199254740993n,
      18446744073709551615n,
      42,
      -7,
      1.5,
      2000,
    ])
  })

  it('does not touch digits inside strings, escaped quotes included', () => {
    expect(parseJson('{"a":"12345678901234567890","b":"x\\"99999999999999999999"}')).toEqual({
      a: '12345678901234567890',
      b: 'x"99999999999999999999',
    })
  })

  it('round-trips with stringifyJson', () => {
    const value = { lamports: 2n ** 60n + 3n, slot: 12, list: [1n, 'x'] }
    expect(parseJson(stringifyJson(value))).toEqual({
      lamports: 2n ** 60n + 3n,
      slot: 12,
      list: [1, 'x'],
    })
  })

  it('throws a SyntaxError on text that is not JSON', () => {
    expect(() => parseJson('{"a": 1')).toThrow(SyntaxError)
    expect(() => parseJson('')).toThrow(SyntaxError)
  })
})
