import { randomUUID } from 'node:crypto'
import {
  AUTH_API_PATHS,
  authTokensSchema,
  connectEmailResponseSchema,
  SOCIAL_API_PATHS,
  SOCIAL_OTHER_BROWSER_TEXT,
  type SocialConnectResponse,
} from '@latch/core/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApi } from './api.js'
import { loadDeviceKey } from './keys.js'
import { SESSION_EXPIRED } from './session.js'
import { INVALID_APP_CONFIGURATION, SOCIAL_TIMED_OUT, SOCIAL_UNKNOWN_URI } from './social.js'
import { miniAppServer, type FlowEnd, type MiniAppServer } from './test/mini-app.js'
import { FAST } from './test/polling.js'
import {
  newFrame,
  PUBLIC_URL,
  startWorld,
  TEST_PARENT_ORIGIN,
  type SocialTimings,
  type TestFrame,
  type World,
} from './test/world.js'

// A mini app's social login (issue 29, SPEC §2): GET_SOCIAL_REDIRECT_URI with the host page's
// `returnUrl`, the page's trip to the provider and back with `result_uri`, then CONNECT_SOCIAL
// with it in the new frame the page loads. The server's social routes are scripted to their
// contract (test/mini-app.ts); the session, the wallet and the email come from the real server.

let world: World
beforeAll(async () => {
  world = await startWorld()
})
afterAll(() => world?.stop())

/** The page the mini app comes back to: the host page's own origin. */
const RETURN_URL = `${TEST_PARENT_ORIGIN}/play?level=2`

/** A frame on a scripted social server; `store` another frame's (the same browser), or a new one. */
async function frameOn(server: MiniAppServer, from?: TestFrame, timings: SocialTimings = FAST) {
  return newFrame(world, undefined, timings, server.fetch, from?.store)
}

/**
 * A real session for `frame`'s device, as a social connect hands it over: the server's tokens
 * after an email login made with the same device key, plus the provider's username.
 */
async function sessionFor(frame: TestFrame): Promise<SocialConnectResponse & { email: string }> {
  const { apiUrl, projectId } = world.config
  const device = await loadDeviceKey(frame.store)
  const api = createApi({ apiUrl, projectId, device, fetch: world.fetch })
  const name = `mini-app-${randomUUID().slice(0, 8)}`
  const email = `${name}@example.test`
  await api(AUTH_API_PATHS.email, { email }, connectEmailResponseSchema)
  const otp = await world.mailbox.latestCode(email)
  const tokens = await api(AUTH_API_PATHS.otp, { email, otp }, authTokensSchema)
  return { ...tokens, provider: 'github', username: name, email }
}

/** The host page leaves for the provider from `frame`; the provider sends it back with `end`. */
async function leaveAndComeBack(
  server: MiniAppServer,
  frame: TestFrame,
  end: FlowEnd,
  options?: { pendingPolls?: number },
) {
  await frame.call('GET_SOCIAL_REDIRECT_URI', { provider: 'github', returnUrl: RETURN_URL })
  return server.comeBack(end, options)
}

const callsTo = (server: MiniAppServer, path: string) =>
  server.calls.filter((call) => call.path === path)

describe('a mini app’s social login in the secure frame', () => {
  it.each([
    ['another origin', 'http://localhost:5173/play'],
    ['another scheme', TEST_PARENT_ORIGIN.replace('http:', 'https:')],
    ['another port', 'http://127.0.0.1:4174/play'],
    ['a relative URL', '/play'],
    ['not http(s)', 'javascript:alert(1)'],
    ['the frame’s server', `${PUBLIC_URL}/play`],
    ['the host’s origin with credentials', `http://user:secret@${new URL(RETURN_URL).host}/play`],
  ])('refuses a return URL on %s, and starts nothing on the server', async (_, returnUrl) => {
    const server = miniAppServer(world)
    const frame = await frameOn(server)
    await expect(
      frame.call('GET_SOCIAL_REDIRECT_URI', { provider: 'google', returnUrl }),
    ).rejects.toThrow(INVALID_APP_CONFIGURATION)
    expect(server.calls).toEqual([])
  })

  it('starts the flow with a return URL on the host page’s origin, and keeps no URI to poll', async () => {
    const server = miniAppServer(world)
    const frame = await frameOn(server)
    const { uri, binding } = await frame.call('GET_SOCIAL_REDIRECT_URI', {
      provider: 'google',
      returnUrl: RETURN_URL,
    })
    expect(uri).toMatch(/^https:\/\/accounts\.provider\.example\//)
    expect(binding).toMatch(/^[\w-]{43}$/)
    expect(server.calls).toEqual([
      { path: SOCIAL_API_PATHS.start, body: { provider: 'google', returnUrl: RETURN_URL } },
    ])
    // Only the result URI finishes it: the provider's URI is no popup's to wait for.
    await expect(frame.call('CONNECT_SOCIAL', { uri })).rejects.toThrow(SOCIAL_UNKNOWN_URI)
    expect(callsTo(server, SOCIAL_API_PATHS.result)).toEqual([])
  })

  it('resumes from the result URI in the new frame the page loads: polls and connects with its code', async () => {
    const server = miniAppServer(world)
    const leaving = await frameOn(server)
    const session = await sessionFor(leaving)
    const resultUri = await leaveAndComeBack(server, leaving, { session }, { pendingPolls: 2 })
    const { flowId, code } = Object.fromEntries(new URL(resultUri).searchParams)
    // The page came back: a new frame, the same browser's storage, nothing in memory.
    const back = await frameOn(server, leaving)
    const user = await back.call('CONNECT_SOCIAL', { uri: resultUri, chainId: 31337 })
    expect(user).toMatchObject({
      email: session.email,
      userName: session.username,
      chainId: 31337,
      preferredAccountType: 'eoa',
    })
    expect(user.accounts).toEqual([{ address: user.address, type: 'eoa' }])
    const proof = { flowId, returnCode: code }
    expect(callsTo(server, SOCIAL_API_PATHS.result).map((call) => call.body)).toEqual([
      proof,
      proof,
      proof,
    ])
    expect(callsTo(server, SOCIAL_API_PATHS.connect)).toEqual([
      { path: SOCIAL_API_PATHS.connect, body: proof },
    ])
    expect(await back.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
    expect((await back.call('GET_USER', {})).address).toBe(user.address)
  })

  it('sends a result URI of another server, or a malformed one, down the popup path', async () => {
    const server = miniAppServer(world)
    const frame = await frameOn(server)
    const cancelled = 'The sign-in was cancelled at the provider'
    const resultUri = await leaveAndComeBack(server, frame, {
      error: { code: 'ACCESS_DENIED', message: cancelled },
    })
    const url = new URL(resultUri)
    const changed = (edit: (copy: URL) => void) => {
      const copy = new URL(url)
      edit(copy)
      return copy.href
    }
    const notResultUris = [
      changed((copy) => {
        copy.port = '8788'
      }),
      changed((copy) => {
        copy.protocol = 'https:'
      }),
      changed((copy) => {
        copy.hostname = 'localhost'
      }),
      changed((copy) => {
        copy.pathname = `${SOCIAL_API_PATHS.callback}/github`
      }),
      changed((copy) => {
        copy.pathname = `${SOCIAL_API_PATHS.return}/myspace`
      }),
      changed((copy) => copy.searchParams.set('flowId', 'not-a-flow')),
      changed((copy) => copy.searchParams.set('code', 'short')),
      changed((copy) => copy.searchParams.delete('code')),
      changed((copy) => copy.searchParams.append('code', url.searchParams.get('code') ?? '')),
      'not a url',
    ]
    for (const uri of notResultUris) {
      await expect(frame.call('CONNECT_SOCIAL', { uri }), uri).rejects.toThrow(SOCIAL_UNKNOWN_URI)
    }
    expect(callsTo(server, SOCIAL_API_PATHS.result)).toEqual([])
    // The URI as the server made it is resumed: the provider's refusal, word for word.
    await expect(frame.call('CONNECT_SOCIAL', { uri: resultUri })).rejects.toThrow(cancelled)
    expect(callsTo(server, SOCIAL_API_PATHS.result)).toHaveLength(1)
  })

  it.each([
    ['FLOW_OTHER_BROWSER', SOCIAL_OTHER_BROWSER_TEXT, SOCIAL_OTHER_BROWSER_TEXT],
    ['FLOW_EXPIRED', 'This social login expired', SESSION_EXPIRED],
  ] as const)(
    'ends a flow whose result is %s with its text, and signs no one in',
    async (code, message, shown) => {
      const server = miniAppServer(world)
      const leaving = await frameOn(server)
      const resultUri = await leaveAndComeBack(server, leaving, { error: { code, message } })
      const back = await frameOn(server, leaving)
      await expect(back.call('CONNECT_SOCIAL', { uri: resultUri })).rejects.toThrow(shown)
      expect(callsTo(server, SOCIAL_API_PATHS.connect)).toEqual([])
      expect(await back.call('IS_CONNECTED', {})).toEqual({ isConnected: false })
    },
  )

  it('refuses a result URI used once with the server’s message the second time', async () => {
    const server = miniAppServer(world)
    const leaving = await frameOn(server)
    const session = await sessionFor(leaving)
    const resultUri = await leaveAndComeBack(server, leaving, { session })
    const back = await frameOn(server, leaving)
    expect((await back.call('CONNECT_SOCIAL', { uri: resultUri })).email).toBe(session.email)
    // The page loaded again with the same result URI (a reload, the history): a new frame.
    const again = await frameOn(server, leaving)
    await expect(again.call('CONNECT_SOCIAL', { uri: resultUri })).rejects.toThrow(
      'This social login was already used: start again',
    )
  })

  it('stops waiting for a result URI whose result never comes, within the limit', async () => {
    const server = miniAppServer(world)
    const leaving = await frameOn(server)
    const resultUri = await leaveAndComeBack(
      server,
      leaving,
      { error: { code: 'PROVIDER_ERROR', message: 'never shown' } },
      { pendingPolls: Number.POSITIVE_INFINITY },
    )
    const back = await frameOn(server, leaving, { pollMs: 20, resultTimeoutMs: 200 })
    await expect(back.call('CONNECT_SOCIAL', { uri: resultUri })).rejects.toThrow(SOCIAL_TIMED_OUT)
    expect(callsTo(server, SOCIAL_API_PATHS.result).length).toBeGreaterThan(1)
  })
})
