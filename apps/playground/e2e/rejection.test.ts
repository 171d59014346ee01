import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeLog } from './axe.js'
import { startStack, type Stack } from './harness.js'
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

// The dev wallet extension in manual mode: its approval panel (an open shadow root, by
// configuration) holds each connection request until it is approved or rejected there.
describe('a user rejection', () => {
  const axe = axeLog()
  let stack: Stack
  beforeAll(async () => {
    stack = await startStack({ approval: 'manual' })
  })
  afterAll(() => stack?.close())

  it('ConnectingExternal waits while the wallet asks its user', async () => {
    const { page } = stack
    await connectButton(page).click()
    await devWalletRow(page).click()
    await expect.poll(() => title(page).textContent()).toBe(t('view.ConnectingExternal.title'))
    await expect
      .poll(() => dialog(page).innerText())
      .toContain(t('view.ConnectingExternal.continueIn', { wallet: 'Latch Dev Wallet' }))
    await expect(hookValue(page, 'status').textContent()).resolves.toBe('connecting')
    await axe.check(page, 'ConnectingExternal, waiting')
  })

  it('shows the rejected state when the user rejects in the wallet', async () => {
    const { page } = stack
    await answerInWalletPanel(page, 'Reject')
    await modalButton(page, t('view.ConnectingExternal.retry')).waitFor()
    await expect(title(page).textContent()).resolves.toBe(t('view.ConnectingExternal.title'))
    await expect(dialog(page).getByRole('alert').innerText()).resolves.toContain(
      t('view.ConnectingExternal.declined'),
    )
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('disconnected')
    await axe.check(page, 'ConnectingExternal, rejected')
  })

  it('Retry asks the wallet again, and approving connects', async () => {
    const { page, devnet } = stack
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

  it('axe-core finds zero violations on every state visited', () => {
    axe.expectClean()
  })

  it('the page threw no uncaught errors', () => {
    expect(stack.pageErrors).toEqual([])
  })
})
