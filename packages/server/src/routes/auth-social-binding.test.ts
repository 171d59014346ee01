import {
  SOCIAL_API_PATHS,
  SOCIAL_OTHER_BROWSER_TEXT,
  SOCIAL_FLOW_TTL_SECONDS,
} from '@latch/core/api'
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { socialFlows, socialIdentities } from '../db/schema.js'
import { describeOnEachDatabase } from '../../test/harness.js'
import { bindRequest, popupBrowser } from '../../test/social-browser.js'
import {
  deliverToCallback,
  expectSocialError,
  readResult,
  signInAtProvider,
  socialWorld,
  startCall,
  startFlow,
  useIdentityProvider,
} from '../../test/social-harness.js'

// Issue 29, finding 1: a social login finishes only in the browser that started it. The popup's
// first page, opened by a host page of the project, binds the flow to its browser (a cookie);
// a callback from any other browser (a sign-in link sent to a victim) ends the flow before the
// code is exchanged: no one is signed in, nothing is linked, and both sides are told why.

const provider = useIdentityProvider()

describeOnEachDatabase('social login, bound to its browser', (suite) => {
  const identitiesOf = (subject: string) =>
    suite
      .database()
      .db.select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, 'github'), eq(socialIdentities.subject, subject)))

  it("a victim who finishes the attacker's sign-in link signs no one in, and is told why", async () => {
    const w = await socialWorld(suite, provider())
    const attacker = await w.newFrame()
    // The attacker's own browser even binds the flow: the victim's still has no cookie for it.
    const { uri, flowId } = await startFlow(w, attacker, 'github')
    const victim = provider().user('verified')
    const back = await signInAtProvider(uri, { username: victim.username })
    const page = await deliverToCallback(w, back, new URL(uri).origin, popupBrowser())
    expect(page.status).toBe(400)
    const text = await page.text()
    expect(text).toContain('This sign-in was started in another browser')
    expect(text).toContain('No one was signed in')

    expect(await readResult(attacker, flowId)).toEqual({
      status: 'error',
      code: 'FLOW_OTHER_BROWSER',
      message: SOCIAL_OTHER_BROWSER_TEXT,
    })
    const taken = await attacker.call(SOCIAL_API_PATHS.connect, { flowId })
    expect((await expectSocialError(taken, 409)).code).toBe('FLOW_NOT_READY')
    // The code was never exchanged: the victim's provider account is linked to nothing.
    expect(await identitiesOf(victim.sub)).toEqual([])
  })

  it("an unbound flow cannot finish anywhere, and another flow's cookie does not bind this one", async () => {
    const w = await socialWorld(suite, provider())
    const frame = await w.newFrame()
    const started = await startCall(frame, 'github')
    // Another flow, bound in this very browser: its cookie is that flow's only.
    const other = await startFlow(w, frame, 'github')
    const back = await signInAtProvider(started.uri, {
      username: provider().user('verified').username,
    })
    const page = await deliverToCallback(w, back, new URL(started.uri).origin, other.browser)
    expect(await page.text()).toContain('started in another browser')
    expect(await readResult(frame, started.flowId)).toMatchObject({ code: 'FLOW_OTHER_BROWSER' })
    expect(await readResult(frame, other.flowId)).toEqual({ status: 'pending' })
  })

  it('binds once, answering the flow’s own provider URL with a cookie for the callback only', async () => {
    const w = await socialWorld(suite, provider())
    const frame = await w.newFrame()
    const started = await startCall(frame, 'google')
    const browser = popupBrowser()
    const bound = await bindRequest(w, browser, started)
    expect(bound.status).toBe(200)
    expect(await bound.json()).toEqual({ uri: started.uri })
    const [cookie, ...more] = bound.headers.getSetCookie()
    expect(more).toEqual([])
    expect(cookie).toContain(`=${started.binding}`)
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None']) {
      expect(cookie).toContain(`; ${attribute}`)
    }
    expect(cookie).toContain(`; Path=${SOCIAL_API_PATHS.callback}`)
    expect(cookie).toContain(`; Max-Age=${SOCIAL_FLOW_TTL_SECONDS}`)
    expect(browser.cookieFor(SOCIAL_API_PATHS.start)).toBeUndefined()
    expect(browser.cookieFor(`${SOCIAL_API_PATHS.callback}/google`)).toBeDefined()

    // Spent: a second page (or a second browser) with the same binding gets nothing.
    const again = await bindRequest(w, popupBrowser(), started)
    expect((await expectSocialError(again, 404)).code).toBe('FLOW_NOT_FOUND')
    expect(again.headers.getSetCookie()).toEqual([])

    // The callback in the bound browser signs in, and clears the cookie.
    const back = await signInAtProvider(started.uri, {
      username: provider().user('verified').username,
    })
    const page = await deliverToCallback(w, back, new URL(started.uri).origin, browser)
    expect(page.status).toBe(200)
    expect(page.headers.getSetCookie().join()).toMatch(/Max-Age=0/)
    expect(browser.cookieFor(`${SOCIAL_API_PATHS.callback}/google`)).toBeUndefined()
    expect(await readResult(frame, started.flowId)).toEqual({ status: 'ready' })
  })

  it('refuses a bind from anyone but the popup page of a host page, alike, setting nothing', async () => {
    const w = await socialWorld(suite, provider())
    const frame = await w.newFrame()
    const started = await startCall(frame, 'github')
    const state = new URL(started.uri).searchParams.get('state') ?? ''
    const otherState = new URL(started.uri)
    otherState.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`)
    const attempts = [
      // Opened by a page that is not one of the project's hosts.
      { options: { opener: 'https://evil.example' } },
      { options: { opener: 'null' } },
      // Not from the page itself: another site's fetch, or no browser at all.
      { options: { site: 'cross-site' } },
      { options: { site: 'none' } },
      // The provider URL of another flow (its state), with this flow's binding.
      { options: {}, uri: otherState.href },
      // A binding that is not the flow's.
      { options: {}, binding: 'A'.repeat(43) },
    ]
    for (const attempt of attempts) {
      const response = await bindRequest(
        w,
        popupBrowser(),
        { uri: attempt.uri ?? started.uri, binding: attempt.binding ?? started.binding },
        attempt.options,
      )
      expect((await expectSocialError(response, 404)).code, JSON.stringify(attempt)).toBe(
        'FLOW_NOT_FOUND',
      )
      expect(response.headers.getSetCookie()).toEqual([])
    }
    // A page of another origin is refused at the auth gate, as every such call is.
    const foreign = await bindRequest(w, popupBrowser(), started, {
      origin: 'http://127.0.0.1:5173',
    })
    expect(foreign.status).toBe(403)
    // None of it spent the binding: the real page still binds.
    expect((await bindRequest(w, popupBrowser(), started)).status).toBe(200)
  })

  it('refuses to bind a flow past its time, or one the provider already sent back', async () => {
    const w = await socialWorld(suite, provider())
    const frame = await w.newFrame()
    const late = await startCall(frame, 'github')
    w.clock.advance(SOCIAL_FLOW_TTL_SECONDS * 1000 + 1)
    const expired = await bindRequest(w, popupBrowser(), late)
    expect((await expectSocialError(expired, 404)).code).toBe('FLOW_NOT_FOUND')

    const ended = await startCall(frame, 'github')
    const back = await signInAtProvider(ended.uri, {
      username: provider().user('verified').username,
    })
    await deliverToCallback(w, back, new URL(ended.uri).origin, null)
    const [row] = await suite
      .database()
      .db.select()
      .from(socialFlows)
      .where(eq(socialFlows.id, ended.flowId))
    expect(row?.status).toBe('error')
    const afterwards = await bindRequest(w, popupBrowser(), ended)
    expect((await expectSocialError(afterwards, 404)).code).toBe('FLOW_NOT_FOUND')
  })

  it('keeps only HMACs of the binding: the table alone binds no browser', async () => {
    const w = await socialWorld(suite, provider())
    const started = await startCall(await w.newFrame(), 'github')
    const [row] = await suite
      .database()
      .db.select()
      .from(socialFlows)
      .where(eq(socialFlows.id, started.flowId))
    expect(row?.bindingHash).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(row?.boundAt).toBeNull()
    expect(JSON.stringify(row)).not.toContain(started.binding)
  })
})
