import { describe, it, expect } from 'vitest'
import * as z from 'zod/mini'
import {
  formatIssuePath,
  formatValidationIssues,
  latchErrorMap,
  toValidationIssues,
} from './issues.js'

function messagesOf(schema: z.core.$ZodType, value: unknown): string[] {
  const result = z.safeParse(schema, value, { error: latchErrorMap })
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('latchErrorMap (SPEC §5 form-schema default messages)', () => {
  it("says 'Required' for a missing value", () => {
    expect(messagesOf(z.object({ name: z.string() }), {})).toEqual(['Required'])
    expect(messagesOf(z.number(), undefined)).toEqual(['Required'])
  })

  it("says 'Expected X received Y' for a value of the wrong type", () => {
    expect(messagesOf(z.string(), 42)).toEqual(['Expected string received number'])
    expect(messagesOf(z.number(), null)).toEqual(['Expected number received null'])
    expect(messagesOf(z.object({}), [])).toEqual(['Expected object received array'])
    expect(messagesOf(z.number(), Number.NaN)).toEqual(['Expected number received nan'])
  })

  it("says 'Invalid email' for a malformed email", () => {
    expect(messagesOf(z.email(), 'not-an-email')).toEqual(['Invalid email'])
  })

  it("says 'String must contain at least N characters' for a short string", () => {
    expect(messagesOf(z.string().check(z.minLength(4)), 'abc')).toEqual([
      'String must contain at least 4 characters',
    ])
  })

  it("says 'Number must be greater than or equal to N' for a small number", () => {
    expect(messagesOf(z.number().check(z.gte(1)), 0)).toEqual([
      'Number must be greater than or equal to 1',
    ])
    expect(messagesOf(z.int().check(z.gte(10)), 3)).toEqual([
      'Number must be greater than or equal to 10',
    ])
  })

  it("keeps zod's English message for issues without a SPEC text", () => {
    expect(messagesOf(z.enum(['light', 'dark']), 'blue')).toEqual([
      'Invalid option: expected one of "light"|"dark"',
    ])
    expect(messagesOf(z.string().check(z.length(3)), 'ab')[0]).toMatch(/exactly 3/)
    expect(messagesOf(z.number().check(z.gt(5)), 5)[0]).not.toMatch(/greater than or equal/)
    expect(messagesOf(z.url(), 'not a url')).toEqual(['Invalid URL'])
    expect(messagesOf(z.strictObject({}), { typo: 1 })).toEqual(['Unrecognized key: "typo"'])
  })

  it('speaks English whatever locale the page gave zod', () => {
    z.config(z.locales.fr())
    try {
      expect(messagesOf(z.enum(['light', 'dark']), 'blue')).toEqual([
        'Invalid option: expected one of "light"|"dark"',
      ])
    } finally {
      z.config({ localeError: undefined })
    }
  })

  it('lets a message set by the schema itself win', () => {
    expect(messagesOf(z.string({ error: 'Name it' }), undefined)).toEqual(['Name it'])
    expect(messagesOf(z.string().check(z.minLength(4, 'Too short')), 'a')).toEqual(['Too short'])
  })

  it('changes nothing globally: a plain parse keeps zod defaults', () => {
    messagesOf(z.string(), 1)
    const plain = z.string().safeParse(undefined)
    expect(plain.success ? '' : plain.error.issues[0]?.message).not.toBe('Required')
  })
})

describe('formatIssuePath', () => {
  it('joins keys and indexes with dots and names the root', () => {
    expect(formatIssuePath(['networks', 0, 'rpcUrls', 'default', 'http', 0])).toBe(
      'networks.0.rpcUrls.default.http.0',
    )
    expect(formatIssuePath([])).toBe('(root)')
  })
})

describe('toValidationIssues', () => {
  it('reports the branch of a union that matched the value type, not "Invalid input"', () => {
    const schema = z.object({
      socials: z.union([z.literal(false), z.array(z.enum(['google', 'x']))]),
    })
    const result = z.safeParse(schema, { socials: ['google', 'tiktok'] }, { error: latchErrorMap })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(toValidationIssues(result.error.issues)).toEqual([
      { path: 'socials.1', message: 'Invalid option: expected one of "google"|"x"' },
    ])
  })

  it('keeps the union issue when no single branch fits', () => {
    const schema = z.union([z.literal(false), z.array(z.string())])
    const result = z.safeParse(schema, 7, { error: latchErrorMap })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(toValidationIssues(result.error.issues)).toEqual([
      { path: '(root)', message: 'Invalid input' },
    ])
  })

  it('formats a list on one line', () => {
    expect(
      formatValidationIssues([
        { path: 'themeMode', message: 'Invalid option' },
        { path: 'networks.0.name', message: 'Required' },
      ]),
    ).toBe('themeMode: Invalid option; networks.0.name: Required')
  })
})
