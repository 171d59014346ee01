import type { Locator, Page } from 'playwright-core'
import { t } from './messages.js'

// Playwright's CSS and role locators pierce open shadow roots: the modal (on <latch-modal>) and
// the ConnectButton (in its own inline shadow root) are found like any element.

/** The modal dialog (role=dialog from the native <dialog> opened with showModal()). */
export function dialog(page: Page): Locator {
  return page.locator('latch-modal').getByRole('dialog')
}

/** The modal's title: the view's heading, which labels the dialog. */
export function title(page: Page): Locator {
  return dialog(page).getByRole('heading', { level: 2 })
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The ConnectButton's accessible name, disconnected or showing the connected account. */
export const CONNECT_BUTTON_NAME = new RegExp(
  // Connected, the name is what the button shows: the balance, then the short address.
  // An EVM address (0x1234…abcd) or a base58 one (Solana: JCnpMr…Ybvj).
  `^(${escape(t('connectButton.connect'))}|.*(0x[0-9a-fA-F]{4}|[1-9A-HJ-NP-Za-km-z]{6})…[0-9A-Za-z]{4})$`,
)

/** The ConnectButton, whether it says "Connect Wallet" or shows the connected account. */
export function connectButton(page: Page): Locator {
  return page.getByRole('button', { name: CONNECT_BUTTON_NAME })
}

/** Opens the modal from the ConnectButton and chooses the WalletConnect row: the QR view. */
export async function chooseWalletConnect(page: Page): Promise<void> {
  await connectButton(page).click()
  await dialog(page).waitFor({ state: 'visible' })
  await modalButton(page, /^WalletConnect/).click()
  await title(page).getByText(t('view.ConnectingWalletConnect.title'), { exact: true }).waitFor()
}

/** The pairing link, taken the way a person takes it: the QR view's "Copy link" button. */
export async function copyPairingLink(page: Page): Promise<string> {
  await modalButton(page, t('pairing.copy')).click()
  return page.evaluate(() => navigator.clipboard.readText())
}

/** A control in the modal, by its accessible name. */
export function modalButton(page: Page, name: string | RegExp): Locator {
  return dialog(page).getByRole('button', { name })
}

/** The dev wallet's row on Connect (its name plus the "Installed" tag). */
export function devWalletRow(page: Page): Locator {
  return modalButton(page, /Latch Dev Wallet/)
}

/** The Solana dev wallet's row on Connect. */
export function solanaWalletRow(page: Page): Locator {
  return modalButton(page, /Latch Solana Dev Wallet/)
}

/**
 * Answers the dev wallet's pending request in its approval panel. The panel stands in for a
 * wallet's own popup window, which a real wallet shows outside the page; this one lives in the
 * page, so Latch's modal <dialog> (showModal) makes it inert like the rest of the page and a
 * person's click cannot reach it. The test presses the button programmatically instead.
 */
export async function answerInWalletPanel(
  page: Page,
  answer: 'Approve' | 'Reject',
  method = 'eth_requestAccounts',
  panel = 'latch-dev-wallet-panel',
): Promise<void> {
  const button = page.locator(panel).getByRole('button', {
    name: `${answer} ${method}`,
  })
  await button.waitFor()
  await button.dispatchEvent('click')
}

/** A value of the playground's account-hooks list ("status", "address", "network", …). */
export function hookValue(page: Page, id: string): Locator {
  return page.locator(`#account-${id}`)
}

/**
 * Resolves once no finite CSS animation or transition has run anywhere (shadow trees included)
 * for two checks in a row: a view's entry animation can start a frame after the view appears,
 * and axe-core would measure half-faded text.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        )
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))
    for (let quiet = 0, rounds = 0; quiet < 2 && rounds < 50; rounds++) {
      const now = running()
      quiet = now.length === 0 ? quiet + 1 : 0
      await Promise.all(now.map((animation) => animation.finished.catch(() => undefined)))
      await frame()
      await frame()
    }
  })
}

/**
 * The element that has focus, described, looking through shadow roots: the ConnectButton and the
 * modal each live in one, where document.activeElement only shows the shadow host.
 */
export function focused(page: Page): Promise<{ tag: string; name: string; inModal: boolean }> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement
    let inModal = active?.tagName === 'LATCH-MODAL'
    while (active?.shadowRoot?.activeElement) {
      active = active.shadowRoot.activeElement
      if (active.tagName === 'LATCH-MODAL') inModal = true
    }
    // textContent, not innerText: visually hidden text is part of the name a screen reader hears.
    const text = (active?.textContent ?? '').replace(/\s+/g, ' ').trim()
    const name = active?.getAttribute('aria-label') ?? text
    return { tag: active?.tagName.toLowerCase() ?? '', name, inModal }
  })
}

/**
 * Presses Tab (or Shift+Tab) until the focused control's name matches, and returns how many
 * presses it took; fails after `max`. Keyboard only: focus is read, never set.
 */
export async function tabTo(
  page: Page,
  name: RegExp,
  { shift = false, max = 25 }: { shift?: boolean; max?: number } = {},
): Promise<number> {
  // A lazy view may still be loading: wait until the control exists before pressing anything.
  await page.getByRole('button', { name }).first().waitFor()
  const seen: string[] = []
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab')
    const now = await focused(page)
    if (name.test(now.name)) return presses
    seen.push(`${now.tag}:${now.name}`)
  }
  throw new Error(
    `No focusable control named ${name} within ${max} Tab presses; saw ${seen.join(' | ')}`,
  )
}

/** The short form of an address that the ConnectButton shows once connected (0x1234…abcd). */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

/**
 * Connects the dev wallet as a person does (the ConnectButton, then the wallet's row) with a
 * wallet that approves by itself; resolves once the page shows it connected and the modal closed.
 */
export async function connectDevWallet(page: Page): Promise<void> {
  await connectButton(page).click()
  await devWalletRow(page).click()
  await page.waitForFunction(
    () => document.querySelector('#account-status')?.textContent === 'connected',
  )
  await dialog(page).waitFor({ state: 'hidden' })
}
