import { createHash } from 'node:crypto'
import {
  AUTH_API_PATHS,
  CUSTODY_API_PATHS,
  custodyErrorSchema,
  custodyStatusResponseSchema,
  SOCIAL_PROVIDERS,
  sessionResponseSchema,
  type SocialProvider,
} from '@latch/core/api'
import { and, eq } from 'drizzle-orm'
import { calculateJwkThumbprint } from 'jose'
import { expect, it } from 'vitest'
import { devices, socialFlows, socialIdentities, users } from '../db/schema.js'
import { expectJson, postApprovalLink, useMailbox } from '../../test/auth-harness.js'
import { CUSTODY_ENV, createTestWallet, recoverShares } from '../../test/custody-harness.js'
import { describeOnEachDatabase } from '../../test/harness.js'
import {
  deliverToCallback,
  readResult,
  signInAtProvider,
  socialLogin,
  socialWorld,
  startFlow,
  useIdentityProvider,
  type EmailKind,
} from '../../test/social-harness.js'

const provider = useIdentityProvider()
const mailbox = useMailbox()

/** What each provider's username is, for a user with an email of `kind`. */
const expectedUsername: Record<
  SocialProvider,
  (user: { username: string; name: string; email?: string }) => string
> = {
  google: (user) => user.email ?? user.name,
  apple: (user) => user.email ?? user.name,
  github: (user) => user.username,
  discord: (user) => user.username,
  x: (user) => user.username,
  facebook: (user) => user.name,
}

/** Whether the provider's email ends up on the account (it vouches for it). */
const vouches: Record<SocialProvider, boolean> = {
  google: true,
  apple: true,
  github: true,
  discord: true,
  x: false,
  facebook: false,
}

describeOnEachDatabase('social login', (suite) => {
  it.each(SOCIAL_PROVIDERS)(
    '%s: start → sign-in → callback → ready → a session on this device, and the same wallet on the next login',
    async (id) => {
      const kind: EmailKind = id === 'x' ? 'none' : 'verified'
      const user = provider().user(kind)
      const world = await socialWorld(suite, provider(), {
        server: { env: CUSTODY_ENV },
        mailbox: mailbox(),
      })
      const laptop = await world.newFrame()

      const first = await socialLogin(world, laptop, id, user.username)
      expect(first.provider).toBe(id)
      expect(first.username).toBe(expectedUsername[id](user))
      expect(first.expiresIn).toBe(900)
      expect(first.user.email).toBe(vouches[id] ? user.email : undefined)
      // Apple's code comes back as a form POST (response_mode=form_post); the others' in the query.
      expect(first.back.method).toBe(id === 'apple' ? 'POST' : 'GET')
      expect(first.callback.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
      const page = await first.callback.text()
      expect(page).toContain('You can close this window')
      expect(page).not.toMatch(/<script|opener/i)

      // The session is the email login's: bound to this device key, valid for IS_CONNECTED.
      const session = await laptop.call(
        AUTH_API_PATHS.session,
        {},
        { accessToken: first.accessToken },
      )
      expect(sessionResponseSchema.parse(await expectJson(session, 200))).toEqual({
        isConnected: true,
        user: first.user,
      })
      const [device] = await suite
        .database()
        .db.select()
        .from(devices)
        .where(eq(devices.userId, first.user.id))
      expect(device?.approvedAt).not.toBeNull()
      const { address } = await createTestWallet(laptop, first.accessToken, first.user.id)

      // The same person on another device: the same account, but no share of its wallet until
      // a second factor approves the device (finding 2): the mailed link when the account has
      // an address, else the laptop, which the account already trusts.
      const phone = await world.newFrame()
      const second = await socialLogin(world, phone, id, user.username)
      expect(second.user).toEqual(first.user)
      const status = await phone.call(
        CUSTODY_API_PATHS.status,
        {},
        { accessToken: second.accessToken },
      )
      expect(custodyStatusResponseSchema.parse(await expectJson(status, 200))).toEqual({
        wallet: { address },
      })
      const recover = () =>
        phone.call(CUSTODY_API_PATHS.recoverServerShare, {}, { accessToken: second.accessToken })
      const refused = custodyErrorSchema.parse(await expectJson(await recover(), 403))
      expect(refused.code).toBe('DEVICE_NOT_APPROVED')
      if (vouches[id]) {
        expect(refused.error).toMatch(/link sent to your email/)
        const link = await mailbox().latestLink(user.email ?? '', {
          match: AUTH_API_PATHS.deviceApprove,
        })
        expect((await postApprovalLink(world, link)).status).toBe(200)
      } else {
        expect(refused.error).toMatch(/from a device where you already use this wallet/)
        const approved = await laptop.call(
          CUSTODY_API_PATHS.approveDevice,
          { jkt: await calculateJwkThumbprint(phone.device.jwk) },
          { accessToken: first.accessToken },
        )
        expect(await expectJson(approved, 200)).toEqual({ approved: true })
      }
      expect((await recoverShares(phone, second.accessToken)).address).toBe(address)

      const identities = await suite
        .database()
        .db.select()
        .from(socialIdentities)
        .where(and(eq(socialIdentities.provider, id), eq(socialIdentities.subject, user.sub)))
      expect(identities).toHaveLength(1)
      expect(identities[0]?.userId).toBe(first.user.id)
    },
  )

  it("apple: a user without an email is named from the first consent's form_post user field", async () => {
    const world = await socialWorld(suite, provider())
    const user = provider().user('none')
    const first = await socialLogin(world, await world.newFrame(), 'apple', user.username)
    expect(first.back.params.get('user')).toContain(user.name.split(' ')[0])
    expect(first.username).toBe(user.name)
    expect(first.user.email).toBeUndefined()
    // Apple sends the field once; the next login keeps the account and the name told before.
    const again = await socialLogin(world, await world.newFrame(), 'apple', user.username)
    expect(again.back.params.get('user')).toBeNull()
    expect(again.user).toEqual(first.user)
    expect(again.username).toBe(user.name)
  })

  it('stores no PKCE verifier: nothing in a flow’s row answers its challenge (finding 9)', async () => {
    const world = await socialWorld(suite, provider())
    const frame = await world.newFrame()
    const { uri, flowId, browser } = await startFlow(world, frame, 'github')
    const challenge = new URL(uri).searchParams.get('code_challenge')
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [flow] = await suite
      .database()
      .db.select()
      .from(socialFlows)
      .where(eq(socialFlows.id, flowId))
    const stored = Object.values(flow ?? {}).filter((value) => typeof value === 'string')
    expect(stored.length).toBeGreaterThan(3)
    for (const value of stored) {
      expect(createHash('sha256').update(value).digest('base64url')).not.toBe(challenge)
    }
    // The verifier the callback derives still redeems the code: the login completes.
    const user = provider().user('verified')
    const back = await signInAtProvider(uri, { username: user.username })
    const callback = await deliverToCallback(world, back, new URL(uri).origin, browser)
    expect(callback.status).toBe(200)
    expect(await readResult(frame, flowId)).toEqual({ status: 'ready' })
  })

  it('keeps the PKCE verifier and the state on the server: the frame gets neither', async () => {
    const world = await socialWorld(suite, provider())
    const frame = await world.newFrame()
    const user = provider().user('verified')
    const result = await socialLogin(world, frame, 'github', user.username)
    const [flow] = await suite
      .database()
      .db.select()
      .from(socialFlows)
      .where(eq(socialFlows.userId, result.user.id))
    expect(flow?.status).toBe('connected')
    const state = result.back.params.get('state') ?? ''
    expect(state.length).toBeGreaterThanOrEqual(22)
    // Only an HMAC of the state is stored.
    expect(flow?.stateHash).not.toBe(state)
    const [account] = await suite
      .database()
      .db.select()
      .from(users)
      .where(eq(users.id, result.user.id))
    expect(account?.email).toBe(user.email)
  })
})
