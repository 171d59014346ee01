import { AUTH_API_PATHS, authTokensSchema, sessionResponseSchema } from '@latch/core/api'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { users } from '../db/schema.js'
import {
  authWorld,
  expectAuthError,
  expectJson,
  loginWithCode,
  uniqueEmail,
  wrongCode,
  useMailbox,
} from '../../test/auth-harness.js'
import { describeOnEachDatabase } from '../../test/harness.js'

const mailbox = useMailbox()

describeOnEachDatabase('email update', (suite) => {
  it('moves the account to a new address after a code to each, and tells the old one', async () => {
    const world = await authWorld(suite, mailbox())
    const frame = await world.newFrame()
    const [oldEmail, newEmail] = [uniqueEmail('old'), uniqueEmail('new')]
    const { accessToken, user, refreshToken } = await loginWithCode(frame, mailbox(), oldEmail)
    const call = (path: string, body: unknown) => frame.call(path, body, { accessToken })

    expect(await expectJson(await call(AUTH_API_PATHS.updateEmail, { newEmail }), 200)).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    const primaryMail = await mailbox().waitForMessage(oldEmail, { count: 2 })
    expect(primaryMail.text).toContain(newEmail.toLowerCase())
    const primary = await mailbox().latestCode(oldEmail, { count: 2 })
    // Nothing went to the new address yet.
    expect(await mailbox().messages(newEmail)).toHaveLength(0)
    expect(
      await expectJson(await call(AUTH_API_PATHS.updateEmailPrimary, { otp: primary }), 200),
    ).toEqual({ action: 'VERIFY_SECONDARY_OTP' })

    const secondary = await mailbox().latestCode(newEmail)
    // The first code cannot stand in for the second.
    const swapped = await call(AUTH_API_PATHS.updateEmailSecondary, { otp: wrongCode(secondary) })
    expect((await expectAuthError(swapped, 401)).code).toBe('INVALID_CODE')
    expect(
      await expectJson(await call(AUTH_API_PATHS.updateEmailSecondary, { otp: secondary }), 200),
    ).toEqual({ email: newEmail.toLowerCase() })

    const [row] = await suite.database().db.select().from(users).where(eq(users.id, user.id))
    expect(row?.email).toBe(newEmail.toLowerCase())
    const session = await frame.call(AUTH_API_PATHS.session, {}, { accessToken })
    expect(sessionResponseSchema.parse(await expectJson(session, 200))).toEqual({
      isConnected: true,
      user: { id: user.id, email: newEmail.toLowerCase() },
    })
    const refreshed = authTokensSchema.parse(
      await expectJson(await frame.call(AUTH_API_PATHS.refresh, { refreshToken }), 200),
    )
    expect(refreshed.user.email).toBe(newEmail.toLowerCase())
    const notice = await mailbox().waitForMessage(oldEmail, { count: 3 })
    expect(notice.subject).toBe('Your wallet email was changed')
    // The same device, with its live session, connects under the new address…
    expect(
      await expectJson(await frame.call(AUTH_API_PATHS.email, { email: newEmail }), 200),
    ).toEqual({
      action: 'CONNECT',
    })
    // …and the old address is free: a login there is a new account.
    const stranger = await world.newFrame()
    const fresh = await loginWithCode(stranger, mailbox(), oldEmail, 4)
    expect(fresh.user.id).not.toBe(user.id)
  })

  it('refuses an address another account holds, the current one, and a caller not signed in', async () => {
    const world = await authWorld(suite, mailbox())
    const frame = await world.newFrame()
    const [mine, theirs] = [uniqueEmail('mine'), uniqueEmail('theirs')]
    await loginWithCode(await world.newFrame(), mailbox(), theirs)
    const { accessToken } = await loginWithCode(frame, mailbox(), mine)
    const taken = await frame.call(
      AUTH_API_PATHS.updateEmail,
      { newEmail: theirs },
      { accessToken },
    )
    expect(await expectAuthError(taken, 409)).toMatchObject({
      code: 'EMAIL_IN_USE',
      error: 'This email is already in use',
    })
    const same = await frame.call(AUTH_API_PATHS.updateEmail, { newEmail: mine }, { accessToken })
    expect((await expectAuthError(same, 400)).issues).toEqual([
      { path: ['newEmail'], message: 'This is already your email' },
    ])
    const anonymous = await frame.call(AUTH_API_PATHS.updateEmail, { newEmail: uniqueEmail() })
    expect((await expectAuthError(anonymous, 401)).error).toBe('Session Expired')
    const noUpdate = await frame.call(
      AUTH_API_PATHS.updateEmailPrimary,
      { otp: '123456' },
      { accessToken },
    )
    expect((await expectAuthError(noUpdate, 401)).code).toBe('CODE_EXPIRED')
  })

  it('refuses the new address at the last step when another account took it meanwhile', async () => {
    const world = await authWorld(suite, mailbox())
    const frame = await world.newFrame()
    const [mine, wanted] = [uniqueEmail('racer'), uniqueEmail('wanted')]
    const { accessToken } = await loginWithCode(frame, mailbox(), mine)
    const call = (path: string, body: unknown) => frame.call(path, body, { accessToken })
    await expectJson(await call(AUTH_API_PATHS.updateEmail, { newEmail: wanted }), 200)
    await expectJson(
      await call(AUTH_API_PATHS.updateEmailPrimary, {
        otp: await mailbox().latestCode(mine, { count: 2 }),
      }),
      200,
    )
    const secondary = await mailbox().latestCode(wanted)
    // Someone else signs up with that address first.
    await loginWithCode(await world.newFrame(), mailbox(), wanted, 2)
    const late = await call(AUTH_API_PATHS.updateEmailSecondary, { otp: secondary })
    expect((await expectAuthError(late, 409)).code).toBe('EMAIL_IN_USE')
  })
})
