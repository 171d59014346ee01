import { AUTH_API_PATHS, authErrorSchema } from '@latch/core/api'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { createAuthDeps } from '../auth/context.js'
import type { OutgoingMail } from '../auth/mailer.js'
import { startServer } from '../server.js'
import {
  authTestConfig,
  authWorld,
  expectAuthError,
  expectJson,
  loginWithCode,
  uniqueEmail,
  uniqueIp,
  wrongCode,
  useMailbox,
} from '../../test/auth-harness.js'
import { createDevice, FRAME_ORIGIN } from '../../test/auth-client.js'
import { describeOnEachDatabase, TEST_ORIGIN, testConfig } from '../../test/harness.js'

const mailbox = useMailbox()

describeOnEachDatabase('email login requests', (suite) => {
  const raw = (
    world: { server: { fetch(r: Request): Promise<Response> } },
    path: string,
    init: RequestInit,
  ) => world.server.fetch(new Request(`${FRAME_ORIGIN}${path}`, init))

  it('lets only the secure frame’s origin in, not the project’s host pages', async () => {
    const world = await authWorld(suite, mailbox(), { frameOrigins: ['http://localhost:*'] })
    const frame = await world.newFrame()
    const email = uniqueEmail('gate')
    // The host page is on the project's allowed origins, and still refused here.
    const host = await frame.call(AUTH_API_PATHS.email, { email }, { origin: TEST_ORIGIN })
    expect((await expectAuthError(host, 403)).error).toBe(
      'Invalid App Configuration: only the Latch frame may call the auth API',
    )
    expect(host.headers.get('access-control-allow-origin')).toBeNull()
    // The frame on the server's own origin needs no CORS.
    const own = await frame.call(AUTH_API_PATHS.session, {})
    expect(own.status).toBe(200)
    expect(own.headers.get('access-control-allow-origin')).toBeNull()
    // A development frame on another origin gets CORS for exactly itself, and the proof header.
    const devOrigin = 'http://localhost:5174'
    const preflight = await raw(world, `${AUTH_API_PATHS.email}?projectId=${world.projectId}`, {
      method: 'OPTIONS',
      headers: { origin: devOrigin, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(devOrigin)
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'content-type, authorization, dpop',
    )
    const dev = await frame.call(AUTH_API_PATHS.session, {}, { origin: devOrigin })
    expect(dev.status).toBe(200)
    expect(dev.headers.get('access-control-allow-origin')).toBe(devOrigin)
    // Not from a page at all: the project id decides.
    const server = await frame.call(AUTH_API_PATHS.session, {}, { origin: null })
    expect(server.status).toBe(200)
    const unknown = await raw(world, `${AUTH_API_PATHS.session}?projectId=nobody-here`, {
      method: 'POST',
      body: '{}',
    })
    expect((await expectAuthError(unknown, 403)).error).toBe(
      'Invalid App Configuration: unknown project id',
    )
    const malformed = await raw(world, `${AUTH_API_PATHS.session}?projectId=bad%20id`, {
      method: 'POST',
      body: '{}',
    })
    expect(malformed.status).toBe(400)
  })

  it('answers 404 with a reason on a server without email login', async () => {
    const server = await suite.server(testConfig(), { seed: false })
    const response = await server.fetch(
      new Request(`http://latch.test${AUTH_API_PATHS.email}?projectId=x`, { method: 'POST' }),
    )
    expect(await expectJson(response, 404)).toEqual({
      error: 'Email login is not configured on this server',
    })
  })

  it('refuses to start email login without a secret of 32 characters', () => {
    const config = authTestConfig(mailbox(), { secret: undefined })
    const db = suite.database().db
    expect(() =>
      createAuthDeps(config.auth, { db, now: Date.now, log: () => {}, env: {} }),
    ).toThrow(/LATCH_AUTH_SECRET/)
    expect(() =>
      createAuthDeps(config.auth, {
        db,
        now: Date.now,
        log: () => {},
        env: { LATCH_AUTH_SECRET: 'short' },
      }),
    ).toThrow(/at least 32 characters/)
    expect(
      createAuthDeps(config.auth, {
        db,
        now: Date.now,
        log: () => {},
        env: { LATCH_AUTH_SECRET: 'x'.repeat(32) },
      }).keys.access,
    ).toHaveLength(32)
  })

  it('refuses bad input with 400 and the issues, before any proof is looked at', async () => {
    const world = await authWorld(suite, mailbox())
    const frame = await world.newFrame()
    const issues = async (path: string, body: unknown) =>
      (await expectAuthError(await frame.call(path, body, { proof: 'none' }), 400)).issues
    expect(await issues(AUTH_API_PATHS.email, { email: 'not-an-email' })).toEqual([
      { path: ['email'], message: 'Invalid email' },
    ])
    expect(await issues(AUTH_API_PATHS.email, { email: 'a@b.io', extra: true })).toEqual([
      { path: [], message: expect.stringMatching(/extra|Unrecognized|Invalid/) },
    ])
    expect(await issues(AUTH_API_PATHS.otp, { email: 'a@b.io', otp: 123456 })).toHaveLength(1)
    expect(await issues(AUTH_API_PATHS.otp, { email: 'a@b.io', otp: '12345' })).toEqual([
      { path: ['otp'], message: 'Must be a 6-digit code' },
    ])
    expect(await issues(AUTH_API_PATHS.refresh, { refreshToken: 'short' })).toHaveLength(1)
    expect(await issues(AUTH_API_PATHS.email, '{ not json')).toEqual([
      { path: [], message: 'Body is not JSON' },
    ])
    const large = await frame.call(AUTH_API_PATHS.email, { email: 'a@b.io', pad: 'x'.repeat(5000) })
    expect(large.status).toBe(413)
  })

  it('limits mails to 5 per address and client address, and the configured number per client address', async () => {
    const world = await authWorld(suite, mailbox(), {
      rateLimits: { sendPerIp: { requests: 7, windowSeconds: 600 } },
    })
    const frame = await world.newFrame()
    const email = uniqueEmail('flood')
    for (let i = 0; i < 5; i++)
      await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)
    const limited = await frame.call(AUTH_API_PATHS.email, { email })
    const answer = await expectAuthError(limited, 429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(answer).toEqual({
      error: `Please try again after ${retryAfter} seconds`,
      code: 'RATE_LIMITED',
      retryAfterSeconds: retryAfter,
    })
    expect(await mailbox().messages(email)).toHaveLength(5)
    // Finding 7: the flood spent its sender's budget only. The address's owner, calling from
    // another client address, still gets a code.
    const elsewhere = await world.newFrame(uniqueIp())
    expect(await expectJson(await elsewhere.call(AUTH_API_PATHS.email, { email }), 200)).toEqual({
      action: 'VERIFY_OTP',
    })
    expect(await mailbox().messages(email)).toHaveLength(6)
    // This client address had 6 calls; one more address passes, the next is over its 7.
    expect((await frame.call(AUTH_API_PATHS.email, { email: uniqueEmail('other') })).status).toBe(
      200,
    )
    expect((await frame.call(AUTH_API_PATHS.email, { email: uniqueEmail('more') })).status).toBe(
      429,
    )
    // Another client address is not limited by this one.
    expect(
      (await elsewhere.call(AUTH_API_PATHS.email, { email: uniqueEmail('fine') })).status,
    ).toBe(200)
  })

  it('holds an address to a ceiling of mails across clients, which its own approved device never meets', async () => {
    const world = await authWorld(suite, mailbox(), {
      rateLimits: { sendPerEmail: { requests: 3, windowSeconds: 3_600 } },
    })
    const owner = await world.newFrame()
    const email = uniqueEmail('ceiling')
    const { accessToken, refreshToken } = await loginWithCode(owner, mailbox(), email)
    const signOut = await owner.call(AUTH_API_PATHS.signOut, { refreshToken }, { accessToken })
    expect(signOut.status).toBe(200)
    // Strangers, each from a client address of its own: the ceiling (3, the login's mail
    // included) stops the mail bomb whatever the number of addresses it comes from.
    for (let i = 0; i < 2; i++) {
      const stranger = await world.newFrame(uniqueIp())
      await expectJson(await stranger.call(AUTH_API_PATHS.email, { email }), 200)
    }
    const late = await world.newFrame(uniqueIp())
    expect(
      (await expectAuthError(await late.call(AUTH_API_PATHS.email, { email }), 429)).code,
    ).toBe('RATE_LIMITED')
    expect(await mailbox().messages(email)).toHaveLength(3)
    // The owner's approved device is not held back by them: its code comes.
    expect(await expectJson(await owner.call(AUTH_API_PATHS.email, { email }), 200)).toEqual({
      action: 'VERIFY_OTP',
    })
    expect(await mailbox().messages(email)).toHaveLength(4)
  })

  it('limits code attempts per address and client address, across codes', async () => {
    const world = await authWorld(suite, mailbox(), {
      rateLimits: { verifyPerEmailIp: { requests: 3, windowSeconds: 600 } },
    })
    const frame = await world.newFrame()
    const email = uniqueEmail('slow-down')
    await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)
    const otp = await mailbox().latestCode(email)
    for (let i = 0; i < 3; i++) {
      await expectAuthError(
        await frame.call(AUTH_API_PATHS.otp, { email, otp: wrongCode(otp) }),
        401,
      )
    }
    const limited = await expectAuthError(await frame.call(AUTH_API_PATHS.otp, { email, otp }), 429)
    expect(limited.code).toBe('RATE_LIMITED')
    world.clock.advance(600_000)
    await expectJson(
      await frame.call(AUTH_API_PATHS.otp, { email, otp: await mailbox().latestCode(email) }),
      401,
    )
  })

  it('counts a client by its socket address, never a forwarded-for it wrote itself', async () => {
    const config = authTestConfig(mailbox(), {
      clientIpHeader: undefined,
      rateLimits: { sendPerIp: { requests: 1, windowSeconds: 600 } },
    })
    const running = await startServer(config, { database: suite.database(), seed: false })
    try {
      const device = await createDevice()
      const send = async (email: string, forwardedFor: string) => {
        const body = JSON.stringify({ email })
        const path = AUTH_API_PATHS.email
        return fetch(`${running.url}${path}?projectId=${config.projects[0]?.id}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: FRAME_ORIGIN,
            'x-forwarded-for': forwardedFor,
            dpop: await device.proof({ method: 'POST', path, body, now: Date.now() }),
          },
          body,
        })
      }
      expect((await send(uniqueEmail('socket'), uniqueIp())).status).toBe(200)
      expect((await send(uniqueEmail('socket'), uniqueIp())).status).toBe(429)
    } finally {
      await running.close()
    }
  })

  it('says MAIL_FAILED when the SMTP server fails, and logs why', async () => {
    const logged: unknown[] = []
    const world = await authWorld(
      suite,
      mailbox(),
      {},
      {
        mailer: { send: () => Promise.reject(new Error('550 relay denied')) },
        log: (error) => logged.push(error),
      },
    )
    const frame = await world.newFrame()
    const failed = await expectAuthError(
      await frame.call(AUTH_API_PATHS.email, { email: uniqueEmail() }),
      502,
    )
    expect(failed).toEqual({
      error: 'Could not send the email: try again later',
      code: 'MAIL_FAILED',
    })
    expect(String(logged[0])).toContain('550 relay denied')
  })

  it('answers every request with a status it documents and a body its schema reads (fuzz)', async () => {
    const sent: OutgoingMail[] = []
    const logged: unknown[] = []
    const world = await authWorld(
      suite,
      mailbox(),
      {
        deviceApproval: { ttlSeconds: 900, waitSeconds: 0, pollMs: 10 },
        rateLimits: {
          sendPerEmail: { requests: 1000, windowSeconds: 600 },
          sendPerIp: { requests: 1000, windowSeconds: 600 },
          verifyPerEmailIp: { requests: 1000, windowSeconds: 600 },
          sessionPerIp: { requests: 1000, windowSeconds: 600 },
        },
      },
      {
        mailer: { send: async (mail) => void sent.push(mail) },
        log: (error) => logged.push(error),
      },
    )
    const frame = await world.newFrame()
    // Mostly what the frame sends, sometimes anything: the fuzz must reach past the refusals.
    const mostly = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) =>
      fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: other, weight: 1 })
    const email = mostly(
      fc.constantFrom('a@b.io', 'Ada@Example.TEST', ' c@d.io ', `${'x'.repeat(60)}@y.io`),
      fc.oneof(fc.emailAddress(), fc.string({ maxLength: 300 }), fc.integer(), fc.constant(null)),
    )
    const otp = mostly(
      fc.stringMatching(/^[0-9]{6}$/),
      fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
    )
    const refreshToken = mostly(
      fc
        .base64String({ minLength: 44, maxLength: 44 })
        .map((b64) => b64.slice(0, 43).replace(/[+/=]/g, '_')),
      fc.string({ maxLength: 50 }),
    )
    const request = fc.oneof(
      fc.tuple(
        fc.constantFrom(AUTH_API_PATHS.email, AUTH_API_PATHS.device),
        fc.record({ email }, { requiredKeys: [] }),
      ),
      fc.tuple(fc.constant(AUTH_API_PATHS.otp), fc.record({ email, otp }, { requiredKeys: [] })),
      fc.tuple(
        fc.constantFrom(AUTH_API_PATHS.refresh, AUTH_API_PATHS.signOut, AUTH_API_PATHS.session),
        fc.oneof(fc.record({ refreshToken }, { requiredKeys: [] }), fc.constant({})),
      ),
      fc.tuple(
        fc.constantFrom(
          AUTH_API_PATHS.updateEmail,
          AUTH_API_PATHS.updateEmailPrimary,
          AUTH_API_PATHS.updateEmailSecondary,
        ),
        fc.oneof(fc.record({ newEmail: email }), fc.record({ otp })),
      ),
      fc.tuple(fc.constantFrom(...Object.values(AUTH_API_PATHS)), fc.jsonValue()),
      fc.tuple(
        fc.constantFrom(AUTH_API_PATHS.email),
        fc.string({ unit: 'binary', maxLength: 100 }),
      ),
    )
    const token = fc.option(
      fc.oneof(fc.string({ maxLength: 60 }), fc.constant('eyJhbGciOiJIUzI1NiJ9.e30.x')),
      { nil: undefined },
    )
    await fc.assert(
      fc.asyncProperty(request, token, async ([path, value], accessToken) => {
        const response = await frame.call(
          path,
          value,
          accessToken === undefined ? {} : { accessToken },
        )
        expect([200, 400, 401, 403, 409, 413, 429]).toContain(response.status)
        const answer: unknown = await response.json()
        if (response.status !== 200) {
          expect(authErrorSchema.safeParse(answer).success, JSON.stringify(answer)).toBe(true)
          expect(JSON.stringify(answer)).not.toMatch(/\bat .+:\d+:\d+/)
        }
      }),
      { numRuns: 200 },
    )
    expect(logged).toEqual([])
    // The fuzz reached the mail-sending path, not only the refusals.
    expect(sent.length).toBeGreaterThan(0)
  })
})
