import { AUTH_API_PATHS, authTokensSchema } from '@latch/core/api'
import { expect, it } from 'vitest'
import {
  authWorld,
  expectAuthError,
  expectJson,
  uniqueIp,
  useMailbox,
  uniqueEmail,
  wrongCode,
} from '../../test/auth-harness.js'
import type { FrameClient } from '../../test/auth-client.js'
import { describeOnEachDatabase } from '../../test/harness.js'

// Finding 8: wrong codes are counted per address across codes and client addresses. A new code
// does not start the count again, and past the limit every code of the address is refused (the
// right one too) until the window ends: about 3 guesses an hour here, whatever the guesser does.

const mailbox = useMailbox()

describeOnEachDatabase('the lockout after wrong codes', (suite) => {
  it('locks an address after wrong codes across codes and client addresses, the right code too', async () => {
    const world = await authWorld(suite, mailbox(), {
      rateLimits: { wrongCodesPerEmail: { requests: 3, windowSeconds: 3_600 } },
    })
    const email = uniqueEmail('guessed')
    let mails = 0
    /** A new device on a new client address asks for a code: the one mailed to the address. */
    const newCode = async (): Promise<{ frame: FrameClient; otp: string }> => {
      const frame = await world.newFrame(uniqueIp())
      expect(await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)).toEqual({
        action: 'VERIFY_OTP',
      })
      mails += 1
      return { frame, otp: await mailbox().latestCode(email, { count: mails }) }
    }
    const guess = (frame: FrameClient, otp: string) =>
      frame.call(AUTH_API_PATHS.otp, { email, otp })

    const first = await newCode()
    for (const left of [4, 3]) {
      const wrong = await expectAuthError(await guess(first.frame, wrongCode(first.otp)), 401)
      expect(wrong).toMatchObject({ code: 'INVALID_CODE', attemptsLeft: left })
    }
    // A new code, from another device and client address: its own 5 tries, but the address's
    // count goes on. The third wrong code locks the address.
    const second = await newCode()
    const third = await expectAuthError(await guess(second.frame, wrongCode(second.otp)), 401)
    expect(third).toMatchObject({ code: 'INVALID_CODE', attemptsLeft: 4 })
    const locked = await guess(second.frame, second.otp)
    const refusal = await expectAuthError(locked, 429)
    expect(refusal.code).toBe('RATE_LIMITED')
    expect(refusal.error).toBe(`Please try again after ${refusal.retryAfterSeconds} seconds`)
    expect(locked.headers.get('retry-after')).toBe(String(refusal.retryAfterSeconds))
    // Neither a fresh code nor a fresh client address opens it.
    const fresh = await newCode()
    expect((await expectAuthError(await guess(fresh.frame, fresh.otp), 429)).code).toBe(
      'RATE_LIMITED',
    )

    // Once the window is over, a new code works.
    world.clock.advance(3_600_000)
    const later = await newCode()
    authTokensSchema.parse(await expectJson(await guess(later.frame, later.otp), 200))
  })

  it('counts only wrong codes: logins with the right one never lock the address', async () => {
    const world = await authWorld(suite, mailbox(), {
      rateLimits: { wrongCodesPerEmail: { requests: 1, windowSeconds: 3_600 } },
    })
    const email = uniqueEmail('right')
    const frame = await world.newFrame()
    for (let mails = 1; mails <= 3; mails++) {
      await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)
      const otp = await mailbox().latestCode(email, { count: mails })
      const tokens = authTokensSchema.parse(
        await expectJson(await frame.call(AUTH_API_PATHS.otp, { email, otp }), 200),
      )
      // Signed out, so that the next CONNECT_EMAIL asks for a code again.
      const { accessToken, refreshToken } = tokens
      await expectJson(
        await frame.call(AUTH_API_PATHS.signOut, { refreshToken }, { accessToken }),
        200,
      )
    }
  })
})
