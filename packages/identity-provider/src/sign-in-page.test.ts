import { describe, expect, it } from 'vitest'
import { DEFAULT_USERS } from './options.js'
import { PERSONAS } from './personas.js'
import { escapeHtml, renderSignInPage } from './sign-in-page.js'
import { useIdentityProvider } from './test/flow.js'

const page = (error?: string) =>
  renderSignInPage({
    persona: PERSONAS.github,
    action: '/github/interaction/abc',
    clientId: 'latch-local-github',
    scopes: ['read:user', 'user:email'],
    users: DEFAULT_USERS,
    username: 'alice',
    ...(error !== undefined && { error }),
  })

describe('the sign-in page', () => {
  it('names the provider in its title and heading, and the client and scopes it asks for', () => {
    const html = page()
    expect(html).toContain('<title>Sign in to GitHub (Latch local)</title>')
    expect(html).toContain('<h1>Sign in to GitHub (Latch local)</h1>')
    expect(html).toContain('<strong>latch-local-github</strong> asks for: read:user user:email.')
  })

  it('has a labelled username field, the scripted users, and Approve and Deny buttons', () => {
    const html = page()
    expect(html).toMatch(
      /<label for="username">Username<\/label>\s*<input id="username" name="username" value="alice"/,
    )
    expect(html).toContain('<li>alice: Alice Example (alice@example.test, verified)</li>')
    expect(html).toContain('<li>bob: Bob Example (bob@example.test, not verified)</li>')
    expect(html).toContain('<li>carol: Carol Example (no email)</li>')
    expect(html).toContain('<button type="submit" name="decision" value="approve">Approve</button>')
    // Deny posts even with the field emptied.
    expect(html).toContain(
      '<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>',
    )
  })

  it('loads nothing from anywhere: no script, no link, no image, no external URL', () => {
    const html = page()
    expect(html).not.toMatch(/<script|<link|<img|src=|https?:\/\//)
  })

  it('announces an error and ties it to the field', () => {
    const html = page('No scripted user is called "dave".')
    expect(html).toContain(
      '<p role="alert" id="error">No scripted user is called &quot;dave&quot;.</p>',
    )
    expect(html).toContain('aria-describedby="error users"')
  })

  it('escapes what it did not write itself', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    )
  })
})

describe('the sign-in page, served', () => {
  const { idp, authorize } = useIdentityProvider()

  it('is HTML that cannot be framed and is never cached', async () => {
    const { pages } = await authorize('discord', {
      scope: 'identify',
      decision: 'deny',
    })
    const html = pages[0] ?? ''
    expect(html).toContain('<h1>Sign in to Discord (Latch local)</h1>')
    const interaction = /action="([^"]+)"/.exec(html)?.[1] ?? ''
    // Without the flow's cookie the page says the sign-in is over, with the same headers.
    const response = await fetch(new URL(interaction, idp().url))
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'")
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toContain('This sign-in expired or was already finished.')
  })

  it('asks again, saying why, for a username that is not scripted; then signs the right one in', async () => {
    const flow = await authorize('x', {
      scope: 'users.read',
      username: ['dave', 'Carol'],
    })
    expect(flow.pages).toHaveLength(2)
    expect(flow.pages[1]).toContain(
      '<p role="alert" id="error">No scripted user is called &quot;dave&quot;. Type one of: alice, bob, carol.</p>',
    )
    expect(flow.pages[1]).toContain('value="dave"')
    expect(flow.params.has('code')).toBe(true)
  })

  it("answers the root with every provider's endpoints, and 404 elsewhere", async () => {
    expect(await (await fetch(idp().url)).json()).toEqual({
      url: idp().url,
      providers: idp().providers,
    })
    expect((await fetch(`${idp().url}/myspace/auth`)).status).toBe(404)
  })
})
