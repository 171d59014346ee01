import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { axeLog } from './axe.js'
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

// The steps the Solana and Bitcoin proofs share: moving between namespaces, and a wallet's
// rejection followed by Retry.

type Axe = ReturnType<typeof axeLog>

/** Account → Networks → `network`, from the account on `from` (the network's name). */
export async function chooseNetwork(page: Page, from: string, network: RegExp): Promise<void> {
  await connectButton(page).click()
  await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
  await modalButton(page, `${from} ${t('view.Account.changeNetwork')}`).click()
  await expect.poll(() => title(page).textContent()).toBe(t('view.Networks.title'))
  await modalButton(page, network).click()
}

/**
 * From a connected non-EVM account: Networks → Latch Devnet A goes through SwitchActiveChain,
 * Continue, Connect and the EVM dev wallet, and the EVM account becomes current; Networks →
 * `from` comes straight back, since that wallet is still connected.
 */
export async function switchToEvmAndBack(
  page: Page,
  axe: Axe,
  from: { name: string; network: string; address: string },
  evmAddress: string,
): Promise<void> {
  await chooseNetwork(page, from.name, /Latch Devnet A/)
  await expect.poll(() => title(page).textContent()).toBe(t('view.SwitchActiveChain.title'))
  await axe.check(page, `SwitchActiveChain, from ${from.name}`)
  await modalButton(page, t('view.SwitchActiveChain.continue')).click()
  await expect.poll(() => title(page).textContent()).toBe(t('view.Connect.title'))
  await devWalletRow(page).click()
  await expect
    .poll(() => hookValue(page, 'network').textContent())
    .toBe('Latch Devnet A (eip155:31337)')
  await expect.poll(() => hookValue(page, 'address').textContent()).toBe(evmAddress)
  await dialog(page).waitFor({ state: 'hidden' })

  // Back: no SwitchActiveChain and no Connect.
  await chooseNetwork(page, 'Latch Devnet A', new RegExp(from.name))
  await expect.poll(() => hookValue(page, 'network').textContent()).toBe(from.network)
  await expect.poll(() => hookValue(page, 'address').textContent()).toBe(from.address)
}

/**
 * With the wallet extension in manual mode: the visitor picks `row`, the wallet's panel rejects
 * `method`, the modal shows the rejected state; Retry asks again, the panel approves, and the
 * account is `address`.
 */
export async function rejectThenRetry(
  page: Page,
  axe: Axe,
  wallet: { row: Locator; method: string; panel: string; address: string; name: string },
): Promise<void> {
  await connectButton(page).click()
  await wallet.row.click()
  await expect.poll(() => title(page).textContent()).toBe(t('view.ConnectingExternal.title'))
  await answerInWalletPanel(page, 'Reject', wallet.method, wallet.panel)
  await modalButton(page, t('view.ConnectingExternal.retry')).waitFor()
  await expect(dialog(page).getByRole('alert').innerText()).resolves.toContain(
    t('view.ConnectingExternal.declined'),
  )
  await axe.check(page, `ConnectingExternal, rejected by the ${wallet.name}`)
  await modalButton(page, t('view.ConnectingExternal.retry')).click()
  await answerInWalletPanel(page, 'Approve', wallet.method, wallet.panel)
  await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
  await expect(hookValue(page, 'address').textContent()).resolves.toBe(wallet.address)
  await dialog(page).waitFor({ state: 'hidden' })
}
