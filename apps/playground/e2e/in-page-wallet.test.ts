import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack, type Stack } from './harness.js'
import { t } from './messages.js'
import { connectButton, devWalletRow, dialog, hookValue, title } from './modal.js'

// A newcomer's browser has no dev wallet extension: the playground brings the same wallet
// in-page, ready to connect.
describe('the playground without the extension', () => {
  let stack: Stack
  beforeAll(async () => {
    stack = await startStack({ approval: 'none' })
  })
  afterAll(() => stack?.close())

  it('says the dev wallet runs in the page', async () => {
    await expect(stack.page.locator('main').innerText()).resolves.toContain(
      'The Latch Dev Wallet runs in this page',
    )
  })

  it('connects through the in-page wallet, and reconnects after a reload', async () => {
    const { page, devnet } = stack
    await connectButton(page).click()
    await devWalletRow(page).click()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(
      devnet.accounts[0]!.address,
    )
    await dialog(page).waitFor({ state: 'hidden' })
    await page.reload()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
  })

  it('the theme switch re-creates Latch in dark mode, and the wallet stays connected', async () => {
    const { page } = stack
    await page.getByRole('radio', { name: 'Dark' }).check()
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('dark')
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await connectButton(page).click()
    await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
    const theme = await page.evaluate(
      () =>
        document
          .querySelector('latch-modal')!
          .shadowRoot!.querySelector<HTMLElement>('.latch-root')!.dataset.theme,
    )
    expect(theme).toBe('dark')
  })

  it('the page threw no uncaught errors', () => {
    expect(stack.pageErrors).toEqual([])
  })
})
