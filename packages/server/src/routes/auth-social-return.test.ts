import {
  DEVELOPMENT_FRAME_ANCESTORS,
  parseSocialResultUri,
  SOCIAL_API_PATHS,
  SOCIAL_OTHER_BROWSER_TEXT,
  SOCIAL_RESULT_URI_PARAM,
  socialConnectResponseSchema,
  socialResultResponseSchema,
  socialStartResponseSchema,
  type SocialProvider,
  type SocialResultUri,
} from '@latch/core/api'
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { socialFlows } from '../db/schema.js'
import { FRAME_ORIGIN, type FrameClient } from '../../test/auth-client.js'
import { expectJson, type AuthWorld } from '../../test/auth-harness.js'
import { describeOnEachDatabase, TEST_ORIGIN } from '../../test/harness.js'
import { bindRequest, popupBrowser } from '../../test/social-browser.js'
import {
  deliverToCallback,
  expectSocialError,
  signInAtProvider,
  socialWorld,
  useIdentityProvider,
} from '../../test/social-harness.js'

// Issue 29, SPEC §2: a mini app's social login leaves the host page for the provider and comes
// back to it, with no popup and so no cookie. The return URL must be one of the project's
// origins; the callback sends the browser back with `result_uri` (the flow and a one-time
// return code), and the session goes only to the device that started the flow, and only with
// that code. A link finished in someone else's browser brings the code to a device that did not
// start the flow: it ends the flow, and no one gets the session.

const provider = useIdentityProvider()

/** The project's host page a mini app runs in (its own query and hash, kept on the way back). */
const RETURN_URL = `${TEST_ORIGIN}/mini/game?tgWebAppStartParam=42#play`

describeOnEachDatabase('social login, back to a mini app', (suite) => {
  const flowsOf = (projectId: string) =>
    suite.database().db.select().from(socialFlows).where(eq(socialFlows.projectId, projectId))

  /** The frame's start of a mini app's login, raw. */
  const startCall = (frame: FrameClient, id: SocialProvider, returnUrl: string) =>
    frame.call(SOCIAL_API_PATHS.start, { provider: id, returnUrl })

  async function start(frame: FrameClient, id: SocialProvider, returnUrl = RETURN_URL) {
    const response = await startCall(frame, id, returnUrl)
    return socialStartResponseSchema.parse(await expectJson(response, 200))
  }

  /** The `result_uri` a 303 back to the mini app carries, checked as the frame reads it. */
  function resultUriOf(response: Response): SocialResultUri {
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    const uri = location.searchParams.get(SOCIAL_RESULT_URI_PARAM) ?? ''
    const result = parseSocialResultUri(uri, FRAME_ORIGIN)
    if (!result) throw new Error(`no result_uri in ${location.href}`)
    return result
  }

  /**
   * The provider sends the browser back to the callback, in a browser that never bound anything
   * (a mini app's webview, or a victim's): the 303 and the `result_uri` it carries.
   */
  async function comeBack(
    w: AuthWorld,
    uri: string,
    options: { decision?: 'deny' } = {},
  ): Promise<{ response: Response; location: URL; result: SocialResultUri }> {
    const back = await signInAtProvider(uri, {
      username: provider().user('verified').username,
      ...options,
    })
    const response = await deliverToCallback(w, back, new URL(uri).origin, null)
    expect(response.status, await response.clone().text()).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    return { response, location, result: resultUriOf(response) }
  }

  const resultCall = (frame: FrameClient, flowId: string, returnCode?: string) =>
    frame.call(SOCIAL_API_PATHS.result, { flowId, ...(returnCode ? { returnCode } : {}) })

  const connectCall = (frame: FrameClient, flowId: string, returnCode?: string) =>
    frame.call(SOCIAL_API_PATHS.connect, { flowId, ...(returnCode ? { returnCode } : {}) })

  async function readResult(frame: FrameClient, flowId: string, returnCode?: string) {
    const response = await resultCall(frame, flowId, returnCode)
    return socialResultResponseSchema.parse(await expectJson(response, 200))
  }

  it("refuses a return URL off the project's origins, alike, and makes no flow", async () => {
    // The test servers run in development mode: the project's origin, and SPEC's default
    // ancestors (`https://*.vercel.app`, …), exactly the frame's own `frame-ancestors`.
    expect(DEVELOPMENT_FRAME_ANCESTORS).toContain('https://*.vercel.app')
    const w = await socialWorld(suite, provider())
    const frame = await w.newFrame()
    const refused = [
      'https://evil.example/mini',
      // The allowed host on another port, or another scheme.
      'http://127.0.0.1:5174/mini',
      'https://127.0.0.1:5173/mini',
      // A wildcard is an allowed pattern, never a page's origin; nor is its bare host.
      'https://*.vercel.app/',
      'https://vercel.app/',
      'https://app.vercel.app.evil.example/',
      'https://evilvercel.app/',
      // Userinfo: the host is the part after the `@`; and none on an allowed host either.
      'http://127.0.0.1:5173@evil.example/mini',
      'http://user:secret@127.0.0.1:5173/mini',
    ]
    for (const returnUrl of refused) {
      const response = await startCall(frame, 'github', returnUrl)
      expect(await expectSocialError(response, 403), returnUrl).toEqual({
        error: 'Invalid App Configuration',
        code: 'RETURN_URL_NOT_ALLOWED',
      })
    }
    expect(await flowsOf(w.projectId)).toEqual([])

    // The project's own pages, and the mode's ancestors by their pattern, are kept on the flow.
    for (const returnUrl of [RETURN_URL, 'https://app.vercel.app/play']) {
      const { flowId } = await start(frame, 'github', returnUrl)
      const [row] = await suite
        .database()
        .db.select()
        .from(socialFlows)
        .where(eq(socialFlows.id, flowId))
      expect(row?.returnUrl).toBe(returnUrl)
      expect(row?.returnCodeHash).toBeNull()
    }
  })

  it.each<SocialProvider>(['github', 'apple'])(
    '%s: start → the provider → a 303 back with result_uri → ready → one session, with the code only',
    async (id) => {
      const w = await socialWorld(suite, provider())
      const frame = await w.newFrame()
      const { uri, flowId } = await start(frame, id)
      const { response, location, result } = await comeBack(w, uri)
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.getSetCookie()).toEqual([])
      // The return URL as it was (its query and hash too), plus result_uri.
      const withoutResult = new URL(location)
      withoutResult.searchParams.delete(SOCIAL_RESULT_URI_PARAM)
      expect(withoutResult.href).toBe(RETURN_URL)
      expect(result).toMatchObject({ provider: id, flowId })

      // The owner may poll without the code; with it, the same.
      expect(await readResult(frame, flowId)).toEqual({ status: 'ready' })
      expect(await readResult(frame, flowId, result.code)).toEqual({ status: 'ready' })
      // But no session without the code, or with another: exactly like no flow at all.
      const unknown = await expectSocialError(await connectCall(frame, crypto.randomUUID()), 404)
      const without = await expectSocialError(await connectCall(frame, flowId), 404)
      const wrong = await connectCall(frame, flowId, 'A'.repeat(43))
      expect(without).toEqual(unknown)
      expect(await expectSocialError(wrong, 404)).toEqual(unknown)
      expect(unknown.code).toBe('FLOW_NOT_FOUND')

      const session = socialConnectResponseSchema.parse(
        await expectJson(await connectCall(frame, flowId, result.code), 200),
      )
      expect(session.provider).toBe(id)
      // A result_uri is good once.
      const again = await connectCall(frame, flowId, result.code)
      expect((await expectSocialError(again, 409)).code).toBe('FLOW_USED')
    },
  )

  it('keeps only an HMAC of the return code, and a used state still gets the static page', async () => {
    const w = await socialWorld(suite, provider())
    const frame = await w.newFrame()
    const { uri, flowId } = await start(frame, 'google')
    const back = await signInAtProvider(uri, { username: provider().user('verified').username })
    const { code } = resultUriOf(await deliverToCallback(w, back, new URL(uri).origin, null))
    const [row] = await flowsOf(w.projectId)
    expect(row?.returnCodeHash).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(JSON.stringify(row)).not.toContain(code)
    // The same callback again: no flow claimed, so no return URL, and no code either.
    const replay = await deliverToCallback(w, back, new URL(uri).origin, null)
    expect(replay.status).toBe(400)
    expect(replay.headers.get('location')).toBeNull()
    expect(await replay.text()).toContain('no longer valid')
    expect(await readResult(frame, flowId)).toEqual({ status: 'ready' })
  })

  it("a victim who finishes the attacker's link ends the flow, is told why, and no one gets a session", async () => {
    const w = await socialWorld(suite, provider())
    const attacker = await w.newFrame()
    const { uri, flowId } = await start(attacker, 'github')
    // The victim's browser comes back to the (real) app's page, whose frame has its own key.
    const { result } = await comeBack(w, uri)
    const victim = await w.newFrame()
    expect(await readResult(victim, flowId, result.code)).toEqual({
      status: 'error',
      code: 'FLOW_OTHER_BROWSER',
      message: SOCIAL_OTHER_BROWSER_TEXT,
    })
    const taken = await connectCall(victim, flowId, result.code)
    expect((await expectSocialError(taken, 409)).code).toBe('FLOW_NOT_READY')

    // The attacker's device never had the code; even with it, the flow is over.
    expect(await readResult(attacker, flowId)).toMatchObject({ code: 'FLOW_OTHER_BROWSER' })
    const withCode = await connectCall(attacker, flowId, result.code)
    expect((await expectSocialError(withCode, 409)).code).toBe('FLOW_NOT_READY')
    const without = await connectCall(attacker, flowId)
    expect((await expectSocialError(without, 404)).code).toBe('FLOW_NOT_FOUND')
    const [row] = await flowsOf(w.projectId)
    expect(row).toMatchObject({ status: 'error', errorCode: 'FLOW_OTHER_BROWSER' })
    expect(row?.connectedAt).toBeNull()
  })

  it('the starting device without the code gets no session, and the code still works after', async () => {
    const w = await socialWorld(suite, provider())
    const frame = await w.newFrame()
    const { uri, flowId } = await start(frame, 'discord')
    // Before the provider sent the browser back: nothing to connect, with or without a code.
    const early = await connectCall(frame, flowId)
    expect((await expectSocialError(early, 404)).code).toBe('FLOW_NOT_FOUND')
    const guessed = await resultCall(frame, flowId, 'A'.repeat(43))
    expect((await expectSocialError(guessed, 404)).code).toBe('FLOW_NOT_FOUND')
    expect(await readResult(frame, flowId)).toEqual({ status: 'pending' })
    const { result } = await comeBack(w, uri)
    for (let i = 0; i < 3; i++) {
      const refused = await connectCall(frame, flowId)
      expect((await expectSocialError(refused, 404)).code).toBe('FLOW_NOT_FOUND')
    }
    expect((await connectCall(frame, flowId, result.code)).status).toBe(200)
  })

  it('a refused consent sends the browser back too, and the result says ACCESS_DENIED', async () => {
    const w = await socialWorld(suite, provider())
    const frame = await w.newFrame()
    const { uri, flowId } = await start(frame, 'x')
    const { result } = await comeBack(w, uri, { decision: 'deny' })
    expect(await readResult(frame, flowId, result.code)).toEqual({
      status: 'error',
      code: 'ACCESS_DENIED',
      message: 'The sign-in was cancelled at the provider',
    })
    const refused = await connectCall(frame, flowId, result.code)
    expect((await expectSocialError(refused, 409)).code).toBe('FLOW_NOT_READY')
  })

  it('a database failure after the claim still sends the browser back, with PROVIDER_ERROR', async () => {
    const logged: unknown[] = []
    const w = await socialWorld(suite, provider(), {
      server: { log: (error) => logged.push(error) },
    })
    const frame = await w.newFrame()
    const { uri, flowId } = await start(frame, 'github')
    const user = provider().user('verified')
    // Linking this one user fails in the database (a trigger on its identity, nobody else's).
    const name = `fail_${crypto.randomUUID().replaceAll('-', '')}`
    const db = suite.database().db
    await db.execute(
      sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.subject = '${user.sub}' THEN RAISE EXCEPTION 'the disk is full'; END IF;
        RETURN NEW; END $$`),
    )
    await db.execute(
      sql.raw(`CREATE TRIGGER ${name} BEFORE INSERT ON social_identities
        FOR EACH ROW EXECUTE FUNCTION ${name}()`),
    )
    try {
      const back = await signInAtProvider(uri, { username: user.username })
      const { code } = resultUriOf(await deliverToCallback(w, back, new URL(uri).origin, null))
      expect(await readResult(frame, flowId, code)).toEqual({
        status: 'error',
        code: 'PROVIDER_ERROR',
        message: 'The provider could not sign you in: try again',
      })
      // The operator gets the error; the flow's owner, its code in hand, no session.
      expect(logged).toHaveLength(1)
      const refused = await connectCall(frame, flowId, code)
      expect((await expectSocialError(refused, 409)).code).toBe('FLOW_NOT_READY')
    } finally {
      await db.execute(sql.raw(`DROP TRIGGER ${name} ON social_identities`))
      await db.execute(sql.raw(`DROP FUNCTION ${name}()`))
    }
  })

  it("never binds a mini app's flow, and a code means nothing for a popup's flow", async () => {
    const w = await socialWorld(suite, provider())
    const frame = await w.newFrame()
    const started = await start(frame, 'github')
    const bound = await bindRequest(w, popupBrowser(), started)
    expect((await expectSocialError(bound, 404)).code).toBe('FLOW_NOT_FOUND')
    expect(bound.headers.getSetCookie()).toEqual([])

    const popup = await frame.call(SOCIAL_API_PATHS.start, { provider: 'github' })
    const { flowId } = socialStartResponseSchema.parse(await expectJson(popup, 200))
    const coded = await resultCall(frame, flowId, 'A'.repeat(43))
    expect((await expectSocialError(coded, 404)).code).toBe('FLOW_NOT_FOUND')
    expect(await readResult(frame, flowId)).toEqual({ status: 'pending' })
  })
})
