import type { SocialProviderId } from '@latch/identity-provider'
import type { Page } from 'playwright-core'
import { isHex, recoverMessageAddress } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { personAt, startSocialProviders } from './identity-provider.js'
import { SOCIAL_LOGIN_USED_TEXT } from '@latch/core/api'
import { connectButton, hookValue } from './modal.js'
import {
  answerAtProvider,
  backOnConnect,
  callbackResponse,
  openProviderPopup,
  signOut,
  socialButton,
  socialHooks,
  statusIs,
} from './social-login.js'
import { useStack } from './use-stack.js'

// Issue 12's proof, in Chromium, for each of the six providers: log in through the popup, get
// the embedded wallet, sign a message in the secure frame, reload and still be logged in, sign
// out, log in again and get the same address. The host is on localhost and the frame on
// 127.0.0.1; the providers are the local identity provider (oidc-provider), so nothing leaves
// the machine.

/**
 * The mini app's visitor: a person of their own, so their login is their account's first device
 * whichever test ran before (a second device of an account waits for approval: finding 2).
 */
const MINI_APP_VISITOR = {
  sub: '20101',
  username: 'mini-app-visitor',
  name: 'Visitor of the mini app',
  email: 'mini-app-visitor@example.test',
  emailVerified: true,
}

const social = await startSocialProviders([MINI_APP_VISITOR])
afterAll(() => social.stop())

/** What the playground's "Sign a message" button signs (apps/playground/src/WalletActions.tsx). */
const PLAYGROUND_MESSAGE = 'Hello from the Latch playground'

/** SPEC §9's order of the social logins (farcaster apart: it is no popup). */
const PROVIDERS: readonly SocialProviderId[] = [
  'google',
  'x',
  'discord',
  'github',
  'apple',
  'facebook',
]

/** The secure frame's iframe, once core mounted it. */
const frame = (page: Page) => page.frameLocator('iframe[data-latch-frame]')

/**
 * One login: the click opens the popup on the provider's page, the person approves, the
 * provider sends the popup back to the server's callback (Apple by form_post: a POST), the frame
 * learns the result from the server and core closes the popup. Resolves with the address.
 */
async function logIn(page: Page, provider: SocialProviderId): Promise<string> {
  const popup = await openProviderPopup(page, provider)
  const callback = callbackResponse(popup, social.callbackUrl(provider))
  await answerAtProvider(popup, personAt(provider).username)
  const response = await callback
  expect(response.request().method()).toBe(provider === 'apple' ? 'POST' : 'GET')
  expect(response.status()).toBe(200)
  await statusIs(page, 'connected')
  await expect.poll(() => popup.isClosed()).toBe(true)
  const address = (await hookValue(page, 'address').textContent()) ?? ''
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return address
}

/** The playground's "Sign a message", approved in the frame's own UI; the signer's address. */
async function signMessage(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await frame(page).getByRole('button', { name: 'Approve' }).click({ timeout: 20_000 })
  const signature = page.locator('#action-signature')
  await expect.poll(() => signature.textContent(), { timeout: 20_000 }).toMatch(/^0x[0-9a-f]{130}$/)
  const signed = (await signature.textContent()) ?? ''
  if (!isHex(signed)) throw new Error(`not a signature: ${signed}`)
  return recoverMessageAddress({ message: PLAYGROUND_MESSAGE, signature: signed })
}

describe('social login in Chromium, each provider (issue 12)', () => {
  const { stack } = useStack(
    { approval: 'none', host: 'localhost', server: social.server },
    socialHooks(social.serverUrl),
  )

  for (const provider of PROVIDERS) {
    it(`${provider}: logs in, signs, stays logged in on reload, and gets the same address again`, async () => {
      const { page } = stack
      const address = await logIn(page, provider)
      expect(await signMessage(page)).toBe(address)

      await page.reload()
      await statusIs(page, 'connected')
      expect(await hookValue(page, 'address').textContent()).toBe(address)

      await signOut(page)
      expect(await logIn(page, provider)).toBe(address)
      await signOut(page)
    })
  }

  it('in a Telegram mini app (issue 29, SPEC §2): the page goes to the provider and back, result_uri leaves the address bar, a reload stays connected, the old URL again is refused', async () => {
    const { page } = stack
    // The page as Telegram's webview shows it: its web-app script defines window.Telegram.
    await page.addInitScript(() => Object.assign(window, { Telegram: { WebApp: {} } }))
    await page.reload()
    const popups: string[] = []
    page.on('popup', (popup) => popups.push(popup.url()))
    const returned = page.waitForRequest(
      (request) =>
        request.isNavigationRequest() && new URL(request.url()).searchParams.has('result_uri'),
    )
    await connectButton(page).click()
    await socialButton(page, 'github').click()
    // The provider's sign-in page, in the page itself: no popup.
    await page.getByLabel('Username').waitFor({ timeout: 10_000 })
    expect(new URL(page.url()).origin).not.toBe(new URL(stack.url).origin)
    await answerAtProvider(page, MINI_APP_VISITOR.username)
    const resultUrl = (await returned).url()
    expect(new URL(resultUrl).origin).toBe(new URL(stack.url).origin)

    await statusIs(page, 'connected')
    expect(await page.evaluate(() => location.search)).not.toContain('result_uri')
    // The rest of the page's URL is as it was when the login left.
    const [now, before] = [new URL(page.url()), new URL(stack.url)]
    expect([now.origin, now.pathname, now.searchParams.toString()]).toEqual([
      before.origin,
      before.pathname,
      before.searchParams.toString(),
    ])
    expect(popups).toEqual([])
    const address = (await hookValue(page, 'address').textContent()) ?? ''
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await signMessage(page)).toBe(address)

    await page.reload()
    await statusIs(page, 'connected')
    expect(await hookValue(page, 'address').textContent()).toBe(address)

    // The old URL once more (a shared link, the history): a result URI is good once.
    await signOut(page)
    await page.goto(resultUrl)
    await backOnConnect(page, SOCIAL_LOGIN_USED_TEXT)
    expect(await page.evaluate(() => location.search)).not.toContain('result_uri')
  })
})
