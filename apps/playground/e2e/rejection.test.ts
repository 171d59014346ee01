import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useStack } from './use-stack.js'
import { t } from './messages.js'
import {
  answerInWalletPanel,
  connectButton,
  devWalletRow,
  dialog,
  hookValue,
  modalButton,
  title,
} from './modal.js'

/** Opens Connect and chooses the dev wallet: its panel now holds the connection request. */
async function askTheWallet(page: Page) {
  await connectButton(page).click()
  await devWalletRow(page).click()
  await expect.poll(() => title(page).textContent()).toBe(t('view.ConnectingExternal.title'))
}

/** Asks the wallet, and its user rejects: ConnectingExternal offers Retry. */
async function rejectInTheWallet(page: Page) {
  await askTheWallet(page)
  await answerInWalletPanel(page, 'Reject')
  await modalButton(page, t('view.ConnectingExternal.retry')).waitFor()
}

// The dev wallet extension in manual mode: its approval panel (an open shadow root, by
// configuration) holds each connection request until it is approved or rejected there. Each test
// starts from a fresh page and brings the request to the state it checks.
describe('a user rejection', () => {
  // Each test's page threw no uncaught errors.
  const { stack, axe } = useStack({ approval: 'manual' })

  it('ConnectingExternal waits while the wallet asks its user', async () => {
    const { page } = stack
    await askTheWallet(page)
    await expect
      .poll(() => dialog(page).innerText())
      .toContain(t('view.ConnectingExternal.continueIn', { wallet: 'Latch Dev Wallet' }))
    await expect(hookValue(page, 'status').textContent()).resolves.toBe('connecting')
    await axe.check(page, 'ConnectingExternal, waiting')
    axe.expectClean()
  })

  it('shows the rejected state when the user rejects in the wallet', async () => {
    const { page } = stack
    await rejectInTheWallet(page)
    await expect(title(page).textContent()).resolves.toBe(t('view.ConnectingExternal.title'))
    await expect(dialog(page).getByRole('alert').innerText()).resolves.toContain(
      t('view.ConnectingExternal.declined'),
    )
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('disconnected')
    await axe.check(page, 'ConnectingExternal, rejected')
    axe.expectClean()
  })

  it('Retry asks the wallet again, and approving connects', async () => {
    const { page, devnet } = stack
    await rejectInTheWallet(page)
    await modalButton(page, t('view.ConnectingExternal.retry')).click()
    await expect
      .poll(() => dialog(page).innerText())
      .toContain(t('view.ConnectingExternal.continueIn', { wallet: 'Latch Dev Wallet' }))
    await answerInWalletPanel(page, 'Approve')
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(
      devnet.accounts[0]!.address,
    )
    await dialog(page).waitFor({ state: 'hidden' })
  })
})
