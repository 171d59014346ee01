import type { SocialProviderId } from '@latch/identity-provider'
import type { Page, Response } from 'playwright-core'
import { expect } from 'vitest'
import type { Stack } from './harness.js'
import { t } from './messages.js'
import { connectButton, dialog, hookValue, modalButton, title } from './modal.js'
import type { StackHooks } from './use-stack.js'

// A person's social login in the playground (issue 12), for social.test.ts and
// social-failures.test.ts: the host on `localhost`, the secure frame and the popup's pages on
// 127.0.0.1, the provider in a popup the click opens.

/** A provider's name as the modal shows it ("GitHub"). */
export const providerName = (provider: SocialProviderId): string =>
  t(`view.ConnectingSocial.provider.${provider}`)

/** The "Continue with <Provider>" button on Connect. */
export function socialButton(page: Page, provider: SocialProviderId) {
  return modalButton(
    page,
    t('view.ConnectingSocial.continueWith', { provider: providerName(provider) }),
  )
}

/**
 * useStack's hooks for a social file (whose stack puts the page on `localhost`). Before each
 * test, the secure frame's storage under this page is emptied as well (freshPage empties the
 * page's origin's): a test starts as a first visit, with no device key or session left in the
 * frame. After each, no request left this machine (the popup's included).
 */
export function socialHooks(frameOrigin: string): StackHooks {
  return {
    localOnly: true,
    async beforeEach({ page, url }: Stack) {
      // The frame is another site than the page, so its storage is partitioned under the page's
      // site; Chromium names that partition `<frame origin>/^0<top-level site>`.
      const site = `${new URL(url).protocol}//${new URL(url).hostname}`
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Storage.clearDataForStorageKey', {
        storageKey: `${frameOrigin}/^0${site}`,
        storageTypes: 'all',
      })
      await cdp.detach()
    },
  }
}

/**
 * Opens Connect, presses "Continue with <Provider>" and returns the popup the click opened, once
 * it shows the provider's sign-in page (it opens on the frame's loading page, then goes there).
 */
export async function openProviderPopup(page: Page, provider: SocialProviderId): Promise<Page> {
  if (!(await dialog(page).isVisible())) await connectButton(page).click()
  const opened = page.waitForEvent('popup')
  await socialButton(page, provider).click()
  const popup = await opened
  popup.setDefaultTimeout(10_000)
  await popup.getByLabel('Username').waitFor()
  return popup
}

/**
 * The server's answer to the request that brought the popup back to its callback (`url` starts
 * it). The answer, not the request: core closes the popup once the login ends, and a request's
 * response cannot be read from a closed page.
 */
export function callbackResponse(popup: Page, url: string): Promise<Response> {
  return popup.waitForResponse((response) => response.url().startsWith(url))
}

/** Signs in at the provider's page in the popup: `username` typed, then Approve (or Deny). */
export async function answerAtProvider(
  popup: Page,
  username: string,
  decision: 'Approve' | 'Deny' = 'Approve',
): Promise<void> {
  await popup.getByLabel('Username').fill(username)
  await popup.getByRole('button', { name: decision, exact: true }).click()
}

/** Resolves once the playground's account hooks say `status` (a login takes a poll or two). */
export async function statusIs(page: Page, status: 'connected' | 'disconnected'): Promise<void> {
  await expect.poll(() => hookValue(page, 'status').textContent(), { timeout: 20_000 }).toBe(status)
}

/**
 * Back on Connect with nothing connected, the failure's text in the toast. A closed popup takes
 * longest: the login waits SOCIAL_POPUP_CLOSED_GRACE_MS (5 s) for a result the provider just gave.
 */
export async function backOnConnect(page: Page, toastText: string): Promise<void> {
  await expect
    .poll(() => title(page).textContent(), { timeout: 10_000 })
    .toBe(t('view.Connect.title'))
  await expect.poll(() => page.locator('.latch-toast').textContent()).toBe(toastText)
  expect(await hookValue(page, 'status').textContent()).toBe('disconnected')
}

/** Signs out as a person does: the ConnectButton opens Account, then Disconnect. */
export async function signOut(page: Page): Promise<void> {
  await connectButton(page).click()
  await modalButton(page, t('view.Account.disconnect')).click()
  await statusIs(page, 'disconnected')
}

/** The ConnectingSocial view's title is on show. */
export async function onConnectingSocial(page: Page): Promise<void> {
  await expect.poll(() => title(page).textContent()).toBe(t('view.ConnectingSocial.title'))
}
