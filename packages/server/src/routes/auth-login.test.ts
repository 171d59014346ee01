import {
  AUTH_API_PATHS,
  OTP_TTL_SECONDS,
  authTokensSchema,
  sessionResponseSchema,
} from '@latch/core/api'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { devices, otps, users } from '../db/schema.js'
import {
  authWorld,
  expectAuthError,
  expectJson,
  loginWithCode,
  uniqueEmail,
  useMailbox,
} from '../../test/auth-harness.js'
import { describeOnEachDatabase } from '../../test/harness.js'

const mailbox = useMailbox()

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0'

type World = Awaited<ReturnType<typeof authWorld>>

/** The approval form's POST, as the page's button sends it (from the server's own origin). */
function postApproval(world: World, token: string): Promise<Response> {
  return world.server.fetch(
    new Request(
      `${world.config.auth.publicUrl}${AUTH_API_PATHS.deviceApprove}?projectId=${world.projectId}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: world.config.auth.publicUrl,
        },
        body: new URLSearchParams({ token }),
      },
    ),
  )
}

/** The approval link's two steps, as the person reading the mail takes them. */
async function approveFromMail(
  world: World,
  email: string,
): Promise<{ page: string; approved: Response; token: string }> {
  const link = new URL(await mailbox().latestLink(email, { match: AUTH_API_PATHS.deviceApprove }))
  expect(link.origin).toBe(world.config.auth.publicUrl)
  const opened = await world.server.fetch(new Request(link))
  expect(opened.status).toBe(200)
  expect(opened.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
  expect(opened.headers.get('referrer-policy')).toBe('same-origin')
  const token = link.searchParams.get('token') ?? ''
  return { page: await opened.text(), approved: await postApproval(world, token), token }
}

/** An account made on one device, and a second device that asked in: its approval link. */
async function newDeviceOfAccount(world: World, name: string) {
  const email = uniqueEmail(name)
  await loginWithCode(await world.newFrame(), mailbox(), email)
  const phone = await world.newFrame()
  expect(await expectJson(await phone.call(AUTH_API_PATHS.email, { email }), 200)).toEqual({
    action: 'VERIFY_DEVICE',
  })
  const link = await mailbox().latestLink(email, { count: 2, match: AUTH_API_PATHS.deviceApprove })
  return { email, phone, link }
}

describeOnEachDatabase('email login', (suite) => {
  it('logs a new address in with the code from the mail, and stores only its hash', async () => {
    const world = await authWorld(suite, mailbox())
    const frame = await world.newFrame()
    const email = uniqueEmail('first')
    const response = await frame.call(AUTH_API_PATHS.email, { email })
    expect(await expectJson(response, 200)).toEqual({ action: 'VERIFY_OTP' })
    expect(response.headers.get('cache-control')).toBe('no-store')
    const mail = await mailbox().waitForMessage(email)
    expect(mail.from).toEqual(['login@latch.test'])
    const otp = await mailbox().latestCode(email)
    expect(otp).toMatch(/^[0-9]{6}$/)
    const [stored] = await suite
      .database()
      .db.select()
      .from(otps)
      .where(eq(otps.subject, email.toLowerCase()))
    expect(stored?.codeHash).not.toContain(otp)
    expect(stored?.expiresAt.getTime()).toBe(world.clock.now() + OTP_TTL_SECONDS * 1000)

    const tokens = authTokensSchema.parse(
      await expectJson(await frame.call(AUTH_API_PATHS.otp, { email, otp }), 200),
    )
    expect(tokens.user.email).toBe(email.toLowerCase())
    expect(tokens.expiresIn).toBe(900)
    const [user] = await suite
      .database()
      .db.select()
      .from(users)
      .where(eq(users.id, tokens.user.id))
    expect(user).toMatchObject({ email: email.toLowerCase(), emailVerified: true })
    const session = await frame.call(
      AUTH_API_PATHS.session,
      {},
      { accessToken: tokens.accessToken },
    )
    expect(sessionResponseSchema.parse(await expectJson(session, 200))).toEqual({
      isConnected: true,
      user: tokens.user,
    })
    // The code is used up.
    const again = await frame.call(AUTH_API_PATHS.otp, { email, otp })
    expect((await expectAuthError(again, 401)).code).toBe('CODE_EXPIRED')
  })

  it('lets a new device into an existing account only after the emailed approval, then a code', async () => {
    const world = await authWorld(suite, mailbox())
    const email = uniqueEmail('devices')
    const first = await loginWithCode(await world.newFrame(), mailbox(), email)
    const laptop = await world.newFrame()

    const connect = await laptop.call(AUTH_API_PATHS.email, { email })
    expect(await expectJson(connect, 200)).toEqual({ action: 'VERIFY_DEVICE' })
    // Waiting for the approval: the frame asks while the person opens the mail.
    const waiting = laptop.call(AUTH_API_PATHS.device, { email })
    const { page, approved } = await approveFromMail(world, email)
    expect(page).toContain('Approve this device')
    expect(page).toContain(email.toLowerCase())
    expect(approved.status).toBe(200)
    expect(await approved.text()).toContain('Device approved')
    expect(await expectJson(await waiting, 200)).toEqual({ action: 'VERIFY_OTP' })

    const otp = await mailbox().latestCode(email, { count: 3 })
    const tokens = authTokensSchema.parse(
      await expectJson(await laptop.call(AUTH_API_PATHS.otp, { email, otp }), 200),
    )
    expect(tokens.user).toEqual(first.user)
    const rows = await suite
      .database()
      .db.select()
      .from(devices)
      .where(eq(devices.userId, first.user.id))
    expect(rows).toHaveLength(2)
    expect(rows.every((row) => row.approvedAt !== null)).toBe(true)
  })

  it('names the app, the time, the browser and the address that asked, in the mail and on its page (finding 9)', async () => {
    const world = await authWorld(suite, mailbox())
    const email = uniqueEmail('requester')
    await loginWithCode(await world.newFrame(), mailbox(), email)
    const phone = await world.newFrame('198.51.100.23')
    const asked = await phone.call(
      AUTH_API_PATHS.email,
      { email },
      { headers: { 'user-agent': FIREFOX_ON_LINUX } },
    )
    expect(await expectJson(asked, 200)).toEqual({ action: 'VERIFY_DEVICE' })
    const facts = [
      `App: ${world.projectId}`,
      `Time: ${new Date(world.clock.now()).toUTCString()}`,
      'Browser: Firefox on Linux',
      'IP address: 198.51.100.23',
    ]
    const mail = await mailbox().waitForMessage(email, { count: 2 })
    expect(mail.subject).toBe('Approve a new device')
    for (const fact of facts) {
      expect(mail.text).toContain(fact)
      expect(mail.html).toContain(fact)
    }
    // The page the link opens says the same, so the person can tell whether it was them.
    const { page } = await approveFromMail(world, email)
    for (const fact of facts) expect(page).toContain(`<li>${fact}</li>`)
  })

  it('approves nothing by opening the link, and a link works once', async () => {
    const world = await authWorld(suite, mailbox(), {
      deviceApproval: { ttlSeconds: 900, waitSeconds: 0, pollMs: 20 },
    })
    const { email, phone, link } = await newDeviceOfAccount(world, 'scanner')
    // A mail scanner following the link only sees the page.
    expect((await world.server.fetch(new Request(link))).status).toBe(200)
    expect(await expectJson(await phone.call(AUTH_API_PATHS.device, { email }), 200)).toEqual({
      action: 'VERIFY_DEVICE',
    })
    // Without the approval, no code is sent to this device, so none works.
    const guess = await phone.call(AUTH_API_PATHS.otp, { email, otp: '000000' })
    expect((await expectAuthError(guess, 401)).code).toBe('CODE_EXPIRED')

    const { approved, token } = await approveFromMail(world, email)
    expect(approved.status).toBe(200)
    const twice = await postApproval(world, token)
    expect(twice.status).toBe(410)
    expect(await twice.text()).toContain('This link no longer works')
    const reopened = await world.server.fetch(new Request(link))
    expect(reopened.status).toBe(410)
    expect(await reopened.text()).toContain('This link no longer works')
  })

  it('ends the wait with DEVICE_APPROVAL_EXPIRED once the link expired', async () => {
    const world = await authWorld(suite, mailbox())
    const { email, phone, link } = await newDeviceOfAccount(world, 'expired-link')
    world.clock.advance(901_000)
    const wait = await phone.call(AUTH_API_PATHS.device, { email })
    expect((await expectAuthError(wait, 409)).code).toBe('DEVICE_APPROVAL_EXPIRED')
    expect((await world.server.fetch(new Request(link))).status).toBe(410)
    // An address without an account has nothing pending either.
    const stranger = await phone.call(AUTH_API_PATHS.device, { email: uniqueEmail('none') })
    expect((await expectAuthError(stranger, 409)).code).toBe('DEVICE_APPROVAL_EXPIRED')
  })

  it('answers CONNECT to a returning device with a live session, and asks a code after sign-out', async () => {
    const world = await authWorld(suite, mailbox())
    const frame = await world.newFrame()
    const email = uniqueEmail('returning')
    const tokens = await loginWithCode(frame, mailbox(), email)
    expect(await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)).toEqual({
      action: 'CONNECT',
    })
    // No mail for a CONNECT.
    expect(await mailbox().messages(email)).toHaveLength(1)
    // Another device asking for the same address is not let through.
    const other = await world.newFrame()
    expect(await expectJson(await other.call(AUTH_API_PATHS.email, { email }), 200)).toEqual({
      action: 'VERIFY_DEVICE',
    })
    await expectJson(
      await frame.call(AUTH_API_PATHS.signOut, {}, { accessToken: tokens.accessToken }),
      200,
    )
    expect(await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)).toEqual({
      action: 'VERIFY_OTP',
    })
  })

  it('burns a code after 5 wrong tries, saying how many are left', async () => {
    const world = await authWorld(suite, mailbox())
    const frame = await world.newFrame()
    const email = uniqueEmail('brute')
    await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)
    const otp = await mailbox().latestCode(email)
    const wrong = otp === '000000' ? '000001' : '000000'
    const answers = []
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push(
        await expectAuthError(await frame.call(AUTH_API_PATHS.otp, { email, otp: wrong }), 401),
      )
    }
    expect(answers.map((answer) => answer.attemptsLeft)).toEqual([4, 3, 2, 1, 0])
    expect(answers[0]?.error).toBe('Invalid code: 4 attempts left')
    expect(answers[3]?.error).toBe('Invalid code: 1 attempt left')
    expect(answers[4]?.error).toBe('Invalid code: no attempts left, ask for a new code')
    // The 6th try fails even with the right code.
    const locked = await expectAuthError(await frame.call(AUTH_API_PATHS.otp, { email, otp }), 401)
    expect(locked).toMatchObject({
      code: 'CODE_LOCKED',
      error: 'Too many attempts (5): ask for a new code',
    })
    // A new code starts over.
    await loginWithCode(frame, mailbox(), email, 2)
  })

  it('gives concurrent guesses no more than 5 tries between them', async () => {
    const world = await authWorld(suite, mailbox(), {
      rateLimits: { verifyPerEmailIp: { requests: 100, windowSeconds: 600 } },
    })
    const frame = await world.newFrame()
    const email = uniqueEmail('race')
    await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)
    const otp = await mailbox().latestCode(email)
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0'),
    )
    const answers = await Promise.all(
      guesses.map(
        async (guess) =>
          (await expectAuthError(await frame.call(AUTH_API_PATHS.otp, { email, otp: guess }), 401))
            .code,
      ),
    )
    expect(answers.filter((code) => code === 'INVALID_CODE')).toHaveLength(5)
    expect(answers.filter((code) => code === 'CODE_LOCKED')).toHaveLength(7)
  })

  it('refuses an expired code and an old code once a new one was sent', async () => {
    const world = await authWorld(suite, mailbox())
    const frame = await world.newFrame()
    const email = uniqueEmail('expiry')
    await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)
    const first = await mailbox().latestCode(email)
    world.clock.advance(OTP_TTL_SECONDS * 1000 + 1)
    const expired = await expectAuthError(
      await frame.call(AUTH_API_PATHS.otp, { email, otp: first }),
      401,
    )
    expect(expired).toMatchObject({
      code: 'CODE_EXPIRED',
      error: 'Code expired: ask for a new code',
    })

    await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)
    const second = await mailbox().latestCode(email, { count: 2 })
    await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)
    const third = await mailbox().latestCode(email, { count: 3 })
    if (second !== third) {
      const old = await expectAuthError(
        await frame.call(AUTH_API_PATHS.otp, { email, otp: second }),
        401,
      )
      expect(old.code).toBe('INVALID_CODE')
    }
    await expectJson(await frame.call(AUTH_API_PATHS.otp, { email, otp: third }), 200)
  })

  it('binds a code to the device that asked for it', async () => {
    const world = await authWorld(suite, mailbox())
    const [owner, thief] = [await world.newFrame(), await world.newFrame()]
    const email = uniqueEmail('bound')
    await expectJson(await owner.call(AUTH_API_PATHS.email, { email }), 200)
    const otp = await mailbox().latestCode(email)
    const stolen = await expectAuthError(await thief.call(AUTH_API_PATHS.otp, { email, otp }), 401)
    expect(stolen.code).toBe('CODE_EXPIRED')
    // The thief's try cost the owner nothing.
    await expectJson(await owner.call(AUTH_API_PATHS.otp, { email, otp }), 200)
  })
})
