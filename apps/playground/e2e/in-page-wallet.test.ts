import { describe, expect, it } from 'vitest'
import { useStack } from './use-stack.js'
import { t } from './messages.js'
import { connectButton, connectDevWallet, devWalletRow, dialog, hookValue, title } from './modal.js'

// A newcomer's browser has no dev wallet extension: the playground brings the same wallet
// in-page, ready to connect. Each test starts from a fresh page.
describe('the playground without the extension', () => {
  // Each test's page threw no uncaught errors.
  const { stack } = useStack({ approval: 'none' })

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

  it('the theme switch turns the same instance dark, live: no reconnect, still connected', async () => {
    const { page } = stack
    await connectDevWallet(page)
    // Mark the instance, and count the statuses it reports from here on.
    await page.evaluate(() => {
      const host = globalThis as unknown as {
        __latch: { subscribeAccount(fn: (a: { status: string }) => void): () => void }
        __marked?: unknown
        __statuses?: string[]
      }
      host.__marked = host.__latch
      host.__statuses = []
      host.__latch.subscribeAccount((account) => host.__statuses!.push(account.status))
    })
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
    const after = await page.evaluate(() => {
      const host = globalThis as unknown as {
        __latch: unknown
        __marked: unknown
        __statuses: string[]
      }
      return { same: host.__latch === host.__marked, statuses: host.__statuses }
    })
    // Same instance, and its account never left "connected" (no reconnect ran).
    expect(after).toEqual({ same: true, statuses: [] })
  })
})
