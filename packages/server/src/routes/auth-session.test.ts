import { AUTH_API_PATHS, authTokensSchema, sessionResponseSchema } from '@latch/core/api'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { authSessions } from '../db/schema.js'
import {
  authWorld,
  expectAuthError,
  expectJson,
  loginWithCode,
  uniqueEmail,
  useMailbox,
} from '../../test/auth-harness.js'
import { frameClient } from '../../test/auth-client.js'
import { describeOnEachDatabase } from '../../test/harness.js'

const mailbox = useMailbox()

describeOnEachDatabase('email login sessions', (suite) => {
  async function signedIn(name: string) {
    const world = await authWorld(suite, mailbox())
    const frame = await world.newFrame()
    const tokens = await loginWithCode(frame, mailbox(), uniqueEmail(name))
    const isConnected = async (accessToken: string) =>
      sessionResponseSchema.parse(
        await expectJson(await frame.call(AUTH_API_PATHS.session, {}, { accessToken }), 200),
      ).isConnected
    return { world, frame, tokens, isConnected }
  }

  it('rotates the refresh token, and ends the session when a used one comes back', async () => {
    const { world, frame, tokens, isConnected } = await signedIn('rotate')
    const refreshed = authTokensSchema.parse(
      await expectJson(
        await frame.call(AUTH_API_PATHS.refresh, { refreshToken: tokens.refreshToken }),
        200,
      ),
    )
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken)
    expect(refreshed.accessToken).not.toBe(tokens.accessToken)
    expect(refreshed.user).toEqual(tokens.user)
    expect(await isConnected(refreshed.accessToken)).toBe(true)

    // The first token again: a copy is in use somewhere. The whole session ends.
    const reuse = await frame.call(AUTH_API_PATHS.refresh, { refreshToken: tokens.refreshToken })
    expect(await expectAuthError(reuse, 401)).toMatchObject({
      code: 'SESSION_EXPIRED',
      error: 'Session Expired',
    })
    expect(reuse.headers.get('www-authenticate')).toMatch(/^DPoP error="invalid_token"/)
    const newer = await frame.call(AUTH_API_PATHS.refresh, { refreshToken: refreshed.refreshToken })
    expect((await expectAuthError(newer, 401)).code).toBe('SESSION_EXPIRED')
    expect(await isConnected(refreshed.accessToken)).toBe(false)
    const [session] = await suite
      .database()
      .db.select()
      .from(authSessions)
      .where(eq(authSessions.userId, tokens.user.id))
    expect(session?.revokedReason).toBe('refresh-reuse')
    expect(world.projectId).toBe(session?.projectId)
  })

  it('refuses a refresh token shown by another device, without ending the owner’s session', async () => {
    const { world, frame, tokens } = await signedIn('stolen-refresh')
    const thief = await world.newFrame()
    const stolen = await thief.call(AUTH_API_PATHS.refresh, { refreshToken: tokens.refreshToken })
    expect((await expectAuthError(stolen, 401)).code).toBe('SESSION_EXPIRED')
    await expectJson(
      await frame.call(AUTH_API_PATHS.refresh, { refreshToken: tokens.refreshToken }),
      200,
    )
  })

  it('signs out: the access token says not connected and the refresh token is refused', async () => {
    const { frame, tokens, isConnected } = await signedIn('sign-out')
    expect(
      await expectJson(
        await frame.call(AUTH_API_PATHS.signOut, {}, { accessToken: tokens.accessToken }),
        200,
      ),
    ).toEqual({ signedOut: true })
    expect(await isConnected(tokens.accessToken)).toBe(false)
    const refresh = await frame.call(AUTH_API_PATHS.refresh, { refreshToken: tokens.refreshToken })
    expect((await expectAuthError(refresh, 401)).code).toBe('SESSION_EXPIRED')
    // Signing out again is still a success.
    await expectJson(
      await frame.call(AUTH_API_PATHS.signOut, {}, { accessToken: tokens.accessToken }),
      200,
    )
  })

  it('signs out with the refresh token alone once the access token expired', async () => {
    const { world, frame, tokens, isConnected } = await signedIn('sign-out-refresh')
    world.clock.advance(16 * 60_000)
    const expired = await frame.call(
      AUTH_API_PATHS.session,
      {},
      { accessToken: tokens.accessToken },
    )
    expect(await expectAuthError(expired, 401)).toMatchObject({ error: 'Session Expired' })
    await expectJson(
      await frame.call(AUTH_API_PATHS.signOut, { refreshToken: tokens.refreshToken }),
      200,
    )
    const refresh = await frame.call(AUTH_API_PATHS.refresh, { refreshToken: tokens.refreshToken })
    expect((await expectAuthError(refresh, 401)).code).toBe('SESSION_EXPIRED')
    world.clock.advance(-16 * 60_000)
    expect(await isConnected(tokens.accessToken)).toBe(false)
  })

  it('answers not connected without a token, and Session Expired to an expired one that refresh renews', async () => {
    const { world, frame, tokens, isConnected } = await signedIn('expiry')
    expect(await expectJson(await frame.call(AUTH_API_PATHS.session, {}), 200)).toEqual({
      isConnected: false,
    })
    world.clock.advance(15 * 60_000 + 1000)
    const expired = await frame.call(
      AUTH_API_PATHS.session,
      {},
      { accessToken: tokens.accessToken },
    )
    expect(await expectAuthError(expired, 401)).toMatchObject({
      code: 'SESSION_EXPIRED',
      error: 'Session Expired',
    })
    const renewed = authTokensSchema.parse(
      await expectJson(
        await frame.call(AUTH_API_PATHS.refresh, { refreshToken: tokens.refreshToken }),
        200,
      ),
    )
    expect(await isConnected(renewed.accessToken)).toBe(true)
  })

  it('refuses a stolen access token: without a proof, with the thief’s key, or as a bearer token', async () => {
    const { world, frame, tokens, isConnected } = await signedIn('stolen-access')
    const { accessToken } = tokens
    const noProof = await frame.call(AUTH_API_PATHS.session, {}, { accessToken, proof: 'none' })
    expect(await expectAuthError(noProof, 401)).toMatchObject({
      code: 'INVALID_PROOF',
      error: 'Invalid device proof: missing DPoP header',
    })
    expect(noProof.headers.get('www-authenticate')).toMatch(/invalid_dpop_proof/)
    const thief = await world.newFrame()
    const ownKey = await thief.call(AUTH_API_PATHS.session, {}, { accessToken })
    expect(await expectAuthError(ownKey, 401)).toMatchObject({
      code: 'INVALID_PROOF',
      error: 'Invalid device proof: the access token is bound to another device',
    })
    const bearer = await frame.call(
      AUTH_API_PATHS.session,
      {},
      { accessToken, authorization: `Bearer ${accessToken}` },
    )
    expect((await expectAuthError(bearer, 401)).code).toBe('SESSION_EXPIRED')
    const forged = `${accessToken.slice(0, -4)}AAAA`
    const tampered = await frame.call(AUTH_API_PATHS.session, {}, { accessToken: forged })
    expect((await expectAuthError(tampered, 401)).code).toBe('SESSION_EXPIRED')
    expect(await isConnected(accessToken)).toBe(true)
  })

  it('refuses a replayed proof, and proofs made for another request or time', async () => {
    const { world, frame, tokens } = await signedIn('replay')
    const { accessToken } = tokens
    await expectJson(await frame.call(AUTH_API_PATHS.session, {}, { accessToken }), 200)
    const replay = await frame.call(
      AUTH_API_PATHS.session,
      {},
      { accessToken, proof: frame.lastProof() ?? '' },
    )
    expect((await expectAuthError(replay, 401)).error).toBe('Invalid device proof: already used')

    const refused = async (overrides: Parameters<typeof frame.call>[2], reason: RegExp) => {
      const answer = await expectAuthError(
        await frame.call(AUTH_API_PATHS.session, {}, { accessToken, ...overrides }),
        401,
      )
      expect(answer.code).toBe('INVALID_PROOF')
      expect(answer.error).toMatch(reason)
    }
    const now = Math.floor(world.clock.now() / 1000)
    await refused(
      { overrides: { htu: `${world.config.auth.publicUrl}/v1/auth/refresh` } },
      /another request/,
    )
    await refused(
      { overrides: { htu: `https://evil.example${AUTH_API_PATHS.session}` } },
      /another request/,
    )
    await refused({ overrides: { htm: 'GET' } }, /another request/)
    await refused({ overrides: { iat: now - 61 } }, /stale/)
    await refused({ overrides: { iat: now + 61 } }, /stale/)
    await refused({ overrides: { bh: 'A'.repeat(43) } }, /body/)
    await refused({ overrides: { ath: null } }, /ath/)
    await refused({ proof: 'not.a.jws' }, /bad signature|not a compact JWS/)
    // Within the allowed skew a proof passes.
    await expectJson(
      await frame.call(AUTH_API_PATHS.session, {}, { accessToken, overrides: { iat: now - 59 } }),
      200,
    )
  })

  it('keeps a session to the project it was opened for', async () => {
    const { world, frame, tokens } = await signedIn('project')
    // The same browser key, on the same server, in another project's frame.
    const other = await authWorld(suite, mailbox())
    const elsewhere = frameClient(other.server, other.projectId, frame.device, world.clock.now, {
      'x-forwarded-for': other.ip,
    })
    const session = await elsewhere.call(
      AUTH_API_PATHS.session,
      {},
      { accessToken: tokens.accessToken },
    )
    expect((await expectAuthError(session, 401)).code).toBe('SESSION_EXPIRED')
    const refresh = await elsewhere.call(AUTH_API_PATHS.refresh, {
      refreshToken: tokens.refreshToken,
    })
    expect((await expectAuthError(refresh, 401)).code).toBe('SESSION_EXPIRED')
    // The device is approved for the account, but holds no session in this project: a code.
    const email = await elsewhere.call(AUTH_API_PATHS.email, { email: tokens.user.email })
    expect(await expectJson(email, 200)).toEqual({ action: 'VERIFY_OTP' })
    await expectJson(
      await frame.call(AUTH_API_PATHS.refresh, { refreshToken: tokens.refreshToken }),
      200,
    )
  })

  it('limits refreshes per client address', async () => {
    const world = await authWorld(suite, mailbox(), {
      rateLimits: { sessionPerIp: { requests: 2, windowSeconds: 600 } },
    })
    const frame = await world.newFrame()
    let { refreshToken } = await loginWithCode(frame, mailbox(), uniqueEmail('refresh-limit'))
    for (let i = 0; i < 2; i++) {
      refreshToken = authTokensSchema.parse(
        await expectJson(await frame.call(AUTH_API_PATHS.refresh, { refreshToken }), 200),
      ).refreshToken
    }
    const limited = await frame.call(AUTH_API_PATHS.refresh, { refreshToken })
    expect(await expectAuthError(limited, 429)).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
