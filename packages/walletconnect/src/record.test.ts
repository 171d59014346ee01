import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { recordOf, unknownRecordSchema } from './record.js'

class Point {
  x = 1
}

describe('unknownRecordSchema', () => {
  it('accepts what z.record(z.string(), z.unknown()) accepts: plain objects', () => {
    for (const value of [{}, { a: 1 }, Object.create(null) as object, { constructor: 5 }])
      expect(unknownRecordSchema.safeParse(value).success).toBe(true)
  })

  it('refuses arrays, class instances, non-objects and enumerable symbol keys', () => {
    for (const value of [[], [1], new Point(), new Map(), new Date(), null, undefined, 'x', 5])
      expect(unknownRecordSchema.safeParse(value).success).toBe(false)
    expect(unknownRecordSchema.safeParse({ [Symbol('s')]: 1 }).success).toBe(false)
  })
})

describe('recordOf', () => {
  const schema = recordOf(z.object({ n: z.number() }), /^[a-z]{3}$/)

  it('parses every value, stripping the unknown keys of object values', () => {
    const parsed = schema.safeParse({ abc: { n: 1, extra: true }, xyz: { n: 2 } })
    expect(parsed.success && parsed.data).toEqual({ abc: { n: 1 }, xyz: { n: 2 } })
  })

  it('refuses a key that does not match, under its own path, with zod’s text', () => {
    const parsed = schema.safeParse({ abc: { n: 1 }, AB: { n: 2 } })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['AB'], message: 'Invalid key in record' },
    ])
  })

  it('reports a bad key even when a value is invalid too', () => {
    const parsed = schema.safeParse({ abc: { n: 'x' }, AB: { n: 2 } })
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['abc', 'n'], ['AB']])
  })

  it('refuses non-objects and arrays without looking at keys', () => {
    for (const value of [null, undefined, 'abc', ['x']]) {
      const parsed = schema.safeParse(value)
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues).toHaveLength(1)
    }
  })
})
