import { AUTH_API_PATHS, type SocialProvider } from '@latch/core/api'
import { and, eq } from 'drizzle-orm'
import { calculateJwkThumbprint } from 'jose'
import { expect, it } from 'vitest'
import { devices, socialIdentities, users } from '../db/schema.js'
import { expectAuthError, expectJson, loginWithCode, useMailbox } from '../../test/auth-harness.js'
import { describeOnEachDatabase } from '../../test/harness.js'
import { socialLogin, socialWorld, useIdentityProvider } from '../../test/social-harness.js'

// Which account a provider's user lands in: an email account only when the provider vouches for
// the address, the same account for every provider that vouches for it, and never an unverified
// address written where an email login would find it.

const mailbox = useMailbox()
const provider = useIdentityProvider()

describeOnEachDatabase('social login accounts', (suite) => {
  const world = () => socialWorld(suite, provider(), { mailbox: mailbox() })

  it.each<SocialProvider>(['github', 'google', 'apple', 'discord'])(
    '%s: a verified email links to the email account of that address',
    async (id) => {
      const w = await world()
      const user = provider().user('verified')
      const email = user.email ?? ''
      const byEmail = await loginWithCode(await w.newFrame(), mailbox(), email)
      const social = await socialLogin(w, await w.newFrame(), id, user.username)
      expect(social.user).toEqual(byEmail.user)
    },
  )

  it.each<SocialProvider>(['github', 'google', 'discord'])(
    '%s: an unverified email never links: a new account without an email',
    async (id) => {
      const w = await world()
      const user = provider().user('unverified')
      const email = user.email ?? ''
      const byEmail = await loginWithCode(await w.newFrame(), mailbox(), email)
      const social = await socialLogin(w, await w.newFrame(), id, user.username)
      expect(social.user.id).not.toBe(byEmail.user.id)
      expect(social.user.email).toBeUndefined()
      const [account] = await suite
        .database()
        .db.select()
        .from(users)
        .where(eq(users.id, social.user.id))
      expect(account).toMatchObject({ email: null, emailVerified: false })
    },
  )

  it('facebook never vouches for an email: its user gets an account of its own', async () => {
    const w = await world()
    const user = provider().user('verified')
    const byEmail = await loginWithCode(await w.newFrame(), mailbox(), user.email ?? '')
    const social = await socialLogin(w, await w.newFrame(), 'facebook', user.username)
    expect(social.user.id).not.toBe(byEmail.user.id)
    expect(social.user.email).toBeUndefined()
    const [identity] = await suite
      .database()
      .db.select()
      .from(socialIdentities)
      .where(eq(socialIdentities.userId, social.user.id))
    expect(identity).toMatchObject({ email: user.email, emailVerified: false })
  })

  it('a verified email makes the account of that address: a later email login lands in it', async () => {
    const w = await world()
    const user = provider().user('verified')
    const frame = await w.newFrame()
    const social = await socialLogin(w, frame, 'google', user.username)
    expect(social.user.email).toBe(user.email)
    const github = await socialLogin(w, await w.newFrame(), 'github', user.username)
    expect(github.user).toEqual(social.user)
    // CONNECT_EMAIL on the same device: its live session is of the address's account.
    const byEmail = await frame.call(AUTH_API_PATHS.email, { email: user.email })
    expect(await expectJson(byEmail, 200)).toEqual({ action: 'CONNECT' })
    // From a new device, the address's existing account asks for the emailed approval; the
    // provider's sign-in on that device signs it in but does not approve it (finding 2): only
    // the link, or another device of the account, does.
    const phone = await w.newFrame()
    const pending = await phone.call(AUTH_API_PATHS.email, { email: user.email })
    expect(await expectJson(pending, 200)).toEqual({ action: 'VERIFY_DEVICE' })
    const onPhone = await socialLogin(w, phone, 'google', user.username)
    expect(onPhone.user).toEqual(social.user)
    const [device] = await suite
      .database()
      .db.select()
      .from(devices)
      .where(
        and(
          eq(devices.userId, social.user.id),
          eq(devices.jkt, await calculateJwkThumbprint(phone.device.jwk)),
        ),
      )
    expect(device?.approvedAt).toBeNull()
  })

  it('the link stays with the account: an identity keeps its account whatever it is called next', async () => {
    const w = await world()
    const user = provider().user('none')
    const first = await socialLogin(w, await w.newFrame(), 'x', user.username)
    const again = await socialLogin(w, await w.newFrame(), 'x', user.username)
    expect(again.user).toEqual(first.user)
    // Another provider's user with the same name is another person.
    const github = await socialLogin(w, await w.newFrame(), 'github', user.username)
    expect(github.user.id).not.toBe(first.user.id)
  })

  it('an account without an email cannot start an email update: there is no address to prove', async () => {
    const w = await world()
    const user = provider().user('none')
    const frame = await w.newFrame()
    const social = await socialLogin(w, frame, 'x', user.username)
    const update = await frame.call(
      AUTH_API_PATHS.updateEmail,
      { newEmail: 'new-address@example.test' },
      { accessToken: social.accessToken },
    )
    expect((await expectAuthError(update, 409)).error).toMatch(/no email/)
  })
})
