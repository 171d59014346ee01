import type { Locator, Page } from 'playwright-core'
import { createTestClient, http } from 'viem'
import { expect } from 'vitest'
import { t } from './messages.js'
import { connectButton, connectDevWallet, dialog, modalButton, title } from './modal.js'

// The Send and Receive views as a person reaches them (the ConnectButton, Account's buttons),
// and anvil's mining switch, for the send proof (send.test.ts).

/** A field of the Send form, by its label. */
export function sendField(page: Page, label: 'Token' | 'Amount' | 'Receiver'): Locator {
  const key = label === 'Token' ? 'token' : label === 'Amount' ? 'amount' : 'receiver'
  return dialog(page).getByLabel(t(`view.Send.${key}`), { exact: true })
}

/** The form's submit button ('Send', or 'Sending…' while the wallet is asked). */
export function submitButton(page: Page): Locator {
  return dialog(page).locator('form button[type="submit"]')
}

/** The rule the form says is broken (its polite live region), or the failed send's alert. */
export function formProblem(page: Page): Locator {
  return dialog(page).locator('form .latch-error')
}

/** The toast on show, wherever the modal is. */
export function toast(page: Page): Locator {
  return page.locator('.latch-toast')
}

/** Opens the modal on Account (connected) and presses Account's `view` button. */
export async function openFromAccount(page: Page, view: 'Send' | 'Receive'): Promise<void> {
  await connectButton(page).click()
  await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
  await modalButton(page, t(`view.${view}.title`)).click()
  await expect.poll(() => title(page).textContent()).toBe(t(`view.${view}.title`))
}

/** Connects the EVM dev wallet from a fresh page and opens Send. */
export async function openEvmSend(page: Page): Promise<void> {
  await connectDevWallet(page)
  await openFromAccount(page, 'Send')
  await sendField(page, 'Amount').waitFor()
}

/**
 * Picks the token whose option starts with `symbol` (the options read "ETH (9,998.7)"), waiting
 * for the balances to list it.
 */
export async function chooseToken(page: Page, symbol: string): Promise<void> {
  // The picker (issue 37): its button opens a search over the listbox of the account's tokens.
  await sendField(page, 'Token').click()
  await dialog(page)
    .getByRole('combobox', { name: t('view.Send.searchTokens') })
    .fill(symbol)
  const option = dialog(page).getByRole('option', { name: new RegExp(`^${symbol}\\b`) })
  await option.first().click({ timeout: 20_000 })
  await expect
    .poll(() => sendField(page, 'Token').textContent())
    .toMatch(new RegExp(`^${symbol}\\b`))
}

/** Fills the form as typed: token (if any), amount, receiver. */
export async function fillSend(
  page: Page,
  form: { token?: string; amount: string; to: string },
): Promise<void> {
  if (form.token) await chooseToken(page, form.token)
  await sendField(page, 'Amount').fill(form.amount)
  await sendField(page, 'Receiver').fill(form.to)
}

/**
 * Turns anvil's automine off for `run`, and back on after it whatever happened, so a later test
 * on the same chain finds it mining again.
 */
export async function withMiningPaused<T>(
  rpcUrl: string,
  run: (anvil: ReturnType<typeof anvilClient>) => Promise<T>,
): Promise<T> {
  const anvil = anvilClient(rpcUrl)
  await anvil.setAutomine(false)
  try {
    return await run(anvil)
  } finally {
    await anvil.setAutomine(true)
    await anvil.mine({ blocks: 1 })
  }
}

/** viem's test actions on one anvil chain (evm_setAutomine, evm_mine, txpool…). */
export function anvilClient(rpcUrl: string) {
  return createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
}

/**
 * Presses Tab until the focused control is the one labelled `label` (looking through shadow
 * roots), and fails after `max` presses. Keyboard only: focus is read, never set.
 */
export async function tabToField(page: Page, label: string, max = 25): Promise<void> {
  // A lazy view may still be loading: wait until the field exists before pressing anything.
  await dialog(page).getByLabel(label, { exact: true }).waitFor()
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab')
    const name = await page.evaluate(() => {
      let active: Element | null = document.activeElement
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
      const field =
        active instanceof HTMLInputElement || active instanceof HTMLButtonElement ? active : null
      return field?.labels?.[0]?.textContent ?? ''
    })
    if (name === label) return
  }
  throw new Error(`No field labelled ${label} within ${max} Tab presses`)
}

/**
 * The pixels of what `target` shows, as a person's screen does: a screenshot of it, drawn on a
 * canvas in the page (Chromium decodes the PNG), read back as RGBA.
 */
export async function screenPixels(
  page: Page,
  target: Locator,
): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const png = (await target.screenshot()).toString('base64')
  const read = await page.evaluate(async (png) => {
    const image = new Image()
    image.src = `data:image/png;base64,${png}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.naturalWidth
    canvas.height = image.naturalHeight
    const context = canvas.getContext('2d')!
    context.drawImage(image, 0, 0)
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height)
    return { data: Array.from(data), width, height }
  }, png)
  return { data: Uint8ClampedArray.from(read.data), width: read.width, height: read.height }
}
