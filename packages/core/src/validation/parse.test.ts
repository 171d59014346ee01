import { describe, it, expect } from 'vitest'
import * as z from 'zod/mini'
import { safeParseWith } from './parse.js'

const schema = z.object({
  email: z.email(),
  networks: z.array(
    z.object({ rpcUrls: z.object({ default: z.object({ http: z.array(z.url()) }) }) }),
  ),
})

describe('safeParseWith', () => {
  it('returns the parsed data on success', () => {
    const value = { email: 'a@b.co', networks: [] }
    expect(safeParseWith(schema, value)).toEqual({ success: true, data: value })
  })

  it('returns every issue with a dotted path and the SPEC message', () => {
    const result = safeParseWith(schema, {
      email: 'nope',
      networks: [{ rpcUrls: { default: { http: [5] } } }],
    })
    expect(result).toEqual({
      success: false,
      issues: [
        { path: 'email', message: 'Invalid email' },
        { path: 'networks.0.rpcUrls.default.http.0', message: 'Expected string received number' },
      ],
    })
  })

  it("names the root '(root)'", () => {
    expect(safeParseWith(schema, 'text')).toEqual({
      success: false,
      issues: [{ path: '(root)', message: 'Expected object received string' }],
    })
  })

  it('does not throw for any input', () => {
    for (const value of [undefined, null, 0, [], () => 1, Symbol('s')]) {
      expect(safeParseWith(schema, value).success).toBe(false)
    }
  })
})
