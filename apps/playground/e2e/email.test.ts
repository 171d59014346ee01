import { createServer } from 'node:net'
import { startMailbox } from '@latch/mailbox'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { t } from './messages.js'
import { connectButton, dialog } from './modal.js'
import { useStack } from './use-stack.js'

/** A free port on 127.0.0.1: the server's auth `publicUrl` names it before the server starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

// The login's secrets, for this run only (the server reads them from its environment).
process.env.LATCH_AUTH_SECRET ??= 'e2e-auth-secret-0123456789abcdefghijklmnop'
process.env.LATCH_CUSTODY_KEY ??= 'e2e-custody-key-0123456789abcdefghijklmnop'
const mailbox = await startMailbox()
const serverPort = await freePort()
afterAll(() => mailbox.stop())

/** The host on `localhost`, the frame on `127.0.0.1`: two sites, storage partitioned (issue 17). */
const onLocalhost = (url: string) => url.replace('http://127.0.0.1:', 'http://localhost:')

/** The secure frame's iframe, once core mounted it. */
const frame = (page: Page) => page.frameLocator('iframe[data-latch-frame]')

async function logIn(page: Page, email: string) {
  await connectButton(page).click()
  await dialog(page).waitFor({ state: 'visible' })
  await dialog(page).getByLabel(t('view.ConnectingEmail.label'), { exact: true }).fill(email)
  const asked = performance.now()
  // Exact: the social buttons read "Continue with …".
  await dialog(page)
    .getByRole('button', { name: t('view.ConnectingEmail.submit'), exact: true })
    .click()
  const code = await mailbox.latestCode(email, { timeout: 20_000 })
  const mailed = performance.now()
  await dialog(page).getByLabel(t('view.EmailCode.label'), { exact: true }).fill(code)
  await page.waitForFunction(
    () => document.querySelector('#account-status')?.textContent === 'connected',
    undefined,
    { timeout: 20_000 },
  )
  const connected = performance.now()
  return { mailMs: mailed - asked, connectMs: connected - mailed }
}

describe('email login and the embedded wallet, in Chromium (issue 17)', () => {
  const { stack } = useStack({
    approval: 'none',
    server: {
      port: serverPort,
      auth: { publicUrl: `http://127.0.0.1:${serverPort}`, smtp: mailbox.smtp },
    },
  })
  const email = `ada-${Date.now()}@example.com`

  it('1-3. logs in by email, signs in the frame, and is restored on reload', async () => {
    const { page } = stack
    // The host on localhost, the frame on 127.0.0.1: two sites, so the frame's storage is
    // partitioned under the host, as visitors' browsers do it (issue 17).
    await page.goto(onLocalhost(page.url()))
    const timings = await logIn(page, email)
    console.log(
      `email → mail in maildev: ${Math.round(timings.mailMs)} ms; code → connected: ${Math.round(timings.connectMs)} ms`,
    )
    const address = await page.locator('#account-address').textContent()
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // 2. Sign: the frame asks for approval in its own UI, shown above the modal.
    const signing = performance.now()
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await frame(page).getByRole('button', { name: 'Approve' }).click({ timeout: 20_000 })
    await expect
      .poll(() => page.locator('#action-signature').textContent(), { timeout: 20_000 })
      .toMatch(/0x[0-9a-f]{130}/)
    console.log(
      `sign request → signature (approval clicked): ${Math.round(performance.now() - signing)} ms`,
    )

    // 3. Reload: the stored flag loads the frame, which still holds the session.
    await page.reload()
    await page.waitForFunction(
      () => document.querySelector('#account-status')?.textContent === 'connected',
      undefined,
      { timeout: 20_000 },
    )
    expect(await page.locator('#account-address').textContent()).toBe(address)
  })
})
