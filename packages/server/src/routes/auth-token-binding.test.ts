import { AUTH_API_PATHS, CUSTODY_API_PATHS } from '@latch/core/api'
import { calculateJwkThumbprint } from 'jose'
import { expect, it } from 'vitest'
import { signAccessToken } from '../auth/access-token.js'
import { deriveAuthKeys } from '../auth/crypto.js'
import {
  authWorld,
  expectAuthError,
  expectJson,
  loginOnNewDevice,
  loginWithCode,
  TEST_AUTH_SECRET,
  uniqueEmail,
  useMailbox,
} from '../../test/auth-harness.js'
import { FRAME_ORIGIN, type FrameClient } from '../../test/auth-client.js'
import { describeOnEachDatabase } from '../../test/harness.js'

// Finding 6: an access token is good only with a proof of the key its session was opened on.
// These tokens are forged with the login's secret (what an attacker holding the server's
// environment could do): they are signed right, name a real session, and are proven by the key
// they name, but that key is not the session's device's.

const mailbox = useMailbox()

/** A token signed with the server's own key, for any session and any key. */
async function forgeToken(
  projectId: string,
  claims: { userId: string; sessionId: string; jkt: string },
  now: number,
) {
  const key = deriveAuthKeys(TEST_AUTH_SECRET).access
  return signAccessToken({ key, issuer: FRAME_ORIGIN, projectId }, claims, now, 900)
}

const jktOf = (frame: FrameClient) => calculateJwkThumbprint(frame.device.jwk, 'sha256')

/** The session id inside a real access token (its `sid`). */
function sessionIdOf(accessToken: string): string {
  const payload: unknown = JSON.parse(
    Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString(),
  )
  if (typeof payload !== 'object' || payload === null || !('sid' in payload)) {
    throw new Error('no sid in the token')
  }
  return String(payload.sid)
}

describeOnEachDatabase('access tokens bound to the session’s device', (suite) => {
  it('refuses a forged token for the victim’s session proven with the forger’s own key', async () => {
    const world = await authWorld(suite, mailbox())
    const victim = await world.newFrame()
    const tokens = await loginWithCode(victim, mailbox(), uniqueEmail('forged'))
    const thief = await world.newFrame()
    const forged = await forgeToken(
      world.projectId,
      {
        userId: tokens.user.id,
        sessionId: sessionIdOf(tokens.accessToken),
        jkt: await jktOf(thief),
      },
      world.clock.now(),
    )
    for (const path of [AUTH_API_PATHS.session, CUSTODY_API_PATHS.status]) {
      const refused = await thief.call(path, {}, { accessToken: forged })
      expect((await expectAuthError(refused, 401)).code).toBe('INVALID_PROOF')
    }
    // Nor can it end the victim's session.
    await thief.call(AUTH_API_PATHS.signOut, {}, { accessToken: forged })
    expect(
      await expectJson(
        await victim.call(AUTH_API_PATHS.session, {}, { accessToken: tokens.accessToken }),
        200,
      ),
    ).toMatchObject({ isConnected: true })
  })

  it('refuses a token for one device’s session bound to another approved device of the account', async () => {
    const world = await authWorld(suite, mailbox())
    const email = uniqueEmail('two-devices')
    const laptop = await world.newFrame()
    const first = await loginWithCode(laptop, mailbox(), email)
    const phone = await loginOnNewDevice(world, mailbox(), email)
    // The phone is the account's own, approved and signed in: still, a token naming the
    // laptop's session with the phone's key is not the laptop's session's.
    const forged = await forgeToken(
      world.projectId,
      {
        userId: first.user.id,
        sessionId: sessionIdOf(first.accessToken),
        jkt: await jktOf(phone.frame),
      },
      world.clock.now(),
    )
    const refused = await phone.frame.call(AUTH_API_PATHS.session, {}, { accessToken: forged })
    expect((await expectAuthError(refused, 401)).code).toBe('INVALID_PROOF')
    // Each real token still works with its own device's proof.
    const laptopSession = await laptop.call(
      AUTH_API_PATHS.session,
      {},
      { accessToken: first.accessToken },
    )
    expect(await expectJson(laptopSession, 200)).toMatchObject({ isConnected: true })
    const phoneSession = await phone.frame.call(
      AUTH_API_PATHS.session,
      {},
      { accessToken: phone.tokens.accessToken },
    )
    expect(await expectJson(phoneSession, 200)).toMatchObject({ isConnected: true })
  })
})
