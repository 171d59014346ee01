import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { bindingCookieName, clearBindingCookie, setBindingCookie } from './social-cookie.js'

// The binding cookie's attributes (issue 29) for each kind of public URL.

const FLOW = { id: '0b9f4c1e-6a52-4a8e-9d2f-3c1b5e7a9d10', expiresAt: new Date(600_000) }

async function setCookieFor(publicUrl: string, clear = false): Promise<string> {
  const app = new Hono()
  app.get('/', (c) => {
    if (clear) clearBindingCookie(c, publicUrl, FLOW.id)
    else setBindingCookie(c, publicUrl, FLOW, 'binding', 0)
    return c.body(null, 204)
  })
  const response = await app.request('/')
  return response.headers.getSetCookie().join('\n')
}

describe('the social binding cookie', () => {
  it('is named by its flow, HttpOnly, on the callback path only, for the flow’s time', async () => {
    const cookie = await setCookieFor('https://latch.example')
    expect(bindingCookieName(FLOW.id)).toBe('latch_social_0b9f4c1e6a524a8e9d2f3c1b5e7a9d10')
    expect(cookie).toBe(
      `${bindingCookieName(FLOW.id)}=binding; Max-Age=600; Path=/v1/auth/social/callback; HttpOnly; Secure; SameSite=None`,
    )
  })

  it('is Secure and SameSite=None on loopback over HTTP too (browsers accept it there)', async () => {
    for (const url of ['http://127.0.0.1:8787', 'http://localhost:3000', 'http://[::1]:8787']) {
      expect(await setCookieFor(url)).toContain('; Secure; SameSite=None')
    }
  })

  it('is Lax, without Secure, on a plain-HTTP server elsewhere (which cannot set Secure)', async () => {
    const cookie = await setCookieFor('http://192.168.1.20:8787')
    expect(cookie).not.toContain('Secure')
    expect(cookie).toContain('SameSite=Lax')
  })

  it('is cleared with the same name and path', async () => {
    const cookie = await setCookieFor('https://latch.example', true)
    expect(cookie).toMatch(
      /^latch_social_0b9f4c1e6a524a8e9d2f3c1b5e7a9d10=; Max-Age=0; Path=\/v1\/auth\/social\/callback/,
    )
  })
})
