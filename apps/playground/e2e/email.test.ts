import { afterAll, describe, expect, it } from 'vitest'
import {
  approveInFrame,
  emailWorld,
  freshEmail,
  logIn,
  secureFrame,
  submitEmail,
} from './email-login.js'
import { dialog } from './modal.js'
import { statusIs } from './social-login.js'
import { useStack } from './use-stack.js'

const world = await emailWorld()
afterAll(() => world.mailbox.stop())

describe('email login and the embedded wallet, in Chromium (issue 17)', () => {
  // The host on localhost, the frame on 127.0.0.1: two sites, so the frame's storage is
  // partitioned under the host, as visitors' browsers do it.
  const { stack } = useStack(world.stack)

  it('1-3. logs in by email, signs in the frame, and is restored on reload', async () => {
    const { page } = stack
    expect(new URL(page.url()).hostname).toBe('localhost')
    const timings = await logIn(page, world.mailbox, freshEmail('ada'))
    console.log(
      `email → mail in maildev: ${Math.round(timings.mailMs)} ms; code → connected: ${Math.round(timings.connectMs)} ms`,
    )
    const address = await page.locator('#account-address').textContent()
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // 2. Sign: the frame asks for approval in its own UI, shown above the modal.
    const signing = performance.now()
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await approveInFrame(page)
    await expect
      .poll(() => page.locator('#action-signature').textContent(), { timeout: 20_000 })
      .toMatch(/0x[0-9a-f]{130}/)
    console.log(
      `sign request → signature (approval clicked): ${Math.round(performance.now() - signing)} ms`,
    )

    // 3. Reload: the stored flag loads the frame, which still holds the session.
    await page.reload()
    await statusIs(page, 'connected')
    expect(await page.locator('#account-address').textContent()).toBe(address)
  })

  it('4. with sign-in on, a pasted code logs in and signs in too, with no second prompt (issues 30, 37)', async () => {
    const { page, url } = stack
    const withSignIn = new URL(url)
    withSignIn.searchParams.set('siwx', 'optional')
    await page.goto(withSignIn.toString())
    const email = freshEmail('sia')
    await submitEmail(page, email)
    // Focus is on the code field (issue 37): the code goes in as a paste would, with no click.
    const code = await world.mailbox.latestCode(email, { timeout: 20_000 })
    await expect
      .poll(() =>
        page.evaluate(() => {
          const root = document.querySelector('latch-modal')?.shadowRoot
          return root?.activeElement?.getAttribute('autocomplete')
        }),
      )
      .toBe('one-time-code')
    await page.keyboard.insertText(code)
    await statusIs(page, 'connected')
    // The frame signs the login's own sign-in: no Sign to press, no approval in the frame.
    await expect
      .poll(() => page.locator('#siwx-status').textContent(), { timeout: 20_000 })
      .toBe('signedIn')
    await dialog(page).waitFor({ state: 'hidden' })
    expect(await secureFrame(page).getByRole('button', { name: 'Approve' }).count()).toBe(0)
    const address = await page.locator('#account-address').textContent()
    expect(await page.locator('#siwx-account').textContent()).toBe(`eip155:31337 ${address}`)
  })
})
