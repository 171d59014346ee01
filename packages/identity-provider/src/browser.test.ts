import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { listenOnLoopback, readBody, type LoopbackServer } from '@latch/local-kit'
import { launchChromium, type LaunchedBrowser } from '@latch/test-browser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startIdentityProvider } from './identity-provider.js'
import { localClients } from './local-clients.js'
import { flows } from './test/flow.js'
import type { IdpClient, RunningIdentityProvider, SocialProviderId } from './types.js'

// The sign-in page in Chromium, driven by accessible names as a person (or the playground's
// end-to-end tests) would, with axe-core checking it. The redirect URI is a real local server
// that records what each provider sent it.

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

interface Callback {
  readonly method: string
  readonly params: URLSearchParams
}

let browser: LaunchedBrowser
let callbackServer: LoopbackServer
let idp: RunningIdentityProvider
let clients: Record<SocialProviderId, IdpClient>
const callbacks: Callback[] = []

beforeAll(async () => {
  callbackServer = await listenOnLoopback(
    createServer((req, res) => {
      void readBody(req, 64 * 1024).then((body) => {
        const url = new URL(req.url ?? '/', 'http://local')
        // Chromium also asks for /favicon.ico.
        if (url.pathname.startsWith('/callback/'))
          callbacks.push({
            method: req.method ?? '',
            params: req.method === 'POST' ? new URLSearchParams(body) : url.searchParams,
          })
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><title>Back at the app</title>')
      })
    }),
    0,
  )
  clients = localClients((id) => `${callbackServer.url}/callback/${id}`)
  idp = await startIdentityProvider({ clients })
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await idp?.stop()
  await callbackServer?.close()
})

/** Opens the provider's authorization URL in a fresh page; the PKCE verifier it used. */
async function open(provider: SocialProviderId, scope: string, extra: Record<string, string> = {}) {
  const codeVerifier = randomBytes(32).toString('base64url')
  const url = new URL(idp.providers[provider].authorizationEndpoint)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clients[provider].clientId,
    redirect_uri: clients[provider].redirectUris[0] ?? '',
    scope,
    state: `state-${provider}`,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  }).toString()
  const page = await browser.context.newPage()
  await page.goto(url.href)
  return { page, codeVerifier }
}

/** Waits for the app's callback page, and returns what the provider sent it. */
async function callbackOf(page: Page, provider: SocialProviderId): Promise<Callback> {
  await page.waitForURL(`${callbackServer.url}/callback/${provider}*`)
  const callback = callbacks.at(-1)
  if (!callback) throw new Error('the callback server saw no request')
  return callback
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE })
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(): Promise<{ violations: { id: string; help: string }[] }> }
    }
    return (await axe.run()).violations.map((violation) => `${violation.id}: ${violation.help}`)
  })
}

describe('the sign-in page in Chromium', () => {
  it('signs bob in to GitHub by its accessible names, with no axe violation', async () => {
    const { page, codeVerifier } = await open('github', 'read:user user:email')
    await expect(page.title()).resolves.toBe('Sign in to GitHub (Latch local)')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Sign in to GitHub (Latch local)',
    )
    expect(await axeViolations(page)).toEqual([])

    await page.getByLabel('Username').fill('bob')
    await page.getByRole('button', { name: 'Approve' }).click()
    const callback = await callbackOf(page, 'github')
    expect(callback.method).toBe('GET')
    expect(callback.params.get('state')).toBe('state-github')
    const code = callback.params.get('code') ?? ''
    const response = await flows(() => idp, clients).exchange(
      'github',
      { code, codeVerifier },
      'basic',
    )
    const { access_token: token } = (await response.json()) as { access_token: string }
    const user = await fetch(idp.providers.github.userInfoEndpoint ?? '', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(await user.json()).toMatchObject({ login: 'bob', id: 10002 })
    await page.close()
  })

  it("posts Apple's form_post to the app: code, state and the user field", async () => {
    const { page } = await open('apple', 'name email', { response_mode: 'form_post', nonce: 'n' })
    await page.getByRole('button', { name: 'Approve' }).click()
    const callback = await callbackOf(page, 'apple')
    expect(callback.method).toBe('POST')
    expect(callback.params.get('state')).toBe('state-apple')
    expect(callback.params.get('code')).toBeTruthy()
    expect(JSON.parse(callback.params.get('user') ?? '')).toEqual({
      name: { firstName: 'Alice', lastName: 'Example' },
      email: 'alice@example.test',
    })
    await page.close()
  })

  it('sends the refusal back on Deny, and shows a refused username with no axe violation', async () => {
    const { page } = await open('discord', 'identify email')
    await page.getByLabel('Username').fill('nobody')
    await page.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'No scripted user is called "nobody". Type one of: alice, bob, carol.',
    )
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Deny' }).click()
    const callback = await callbackOf(page, 'discord')
    expect(callback.params.get('error')).toBe('access_denied')
    expect(callback.params.get('state')).toBe('state-discord')
    await page.close()
  })
})
