import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useStack } from './use-stack.js'
import { t } from './messages.js'
import {
  animationsSettled,
  CONNECT_BUTTON_NAME,
  dialog,
  focused,
  hookValue,
  shortAddress,
  tabTo,
  title,
} from './modal.js'

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Tab to the ConnectButton, Enter: the modal opens on Connect with focus inside. */
async function openByKeyboard(page: Page) {
  await tabTo(page, CONNECT_BUTTON_NAME)
  await page.keyboard.press('Enter')
  await dialog(page).waitFor({ state: 'visible' })
  await expect.poll(() => title(page).textContent()).toBe(t('view.Connect.title'))
  await expect.poll(async () => (await focused(page)).inModal).toBe(true)
}

/** Enter on the ConnectButton, Tab to the dev wallet, Enter: connected, focus back on the button. */
async function connectByKeyboard(page: Page) {
  await tabTo(page, CONNECT_BUTTON_NAME)
  await page.keyboard.press('Enter')
  await expect.poll(() => title(page).textContent()).toBe(t('view.Connect.title'))
  await tabTo(page, /Latch Dev Wallet/)
  await page.keyboard.press('Enter')
  await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
  // The modal closes on connect, and focus goes back to the ConnectButton.
  await dialog(page).waitFor({ state: 'hidden' })
  await expect.poll(async () => (await focused(page)).name).toMatch(CONNECT_BUTTON_NAME)
}

/** From a connected page with focus on the ConnectButton, Enter opens Account. */
async function openAccountByKeyboard(page: Page) {
  await page.keyboard.press('Enter')
  await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
}

// The main flow with page.keyboard alone: Tab, Shift+Tab, Enter and Escape. The page's state is
// read to check each step; nothing is clicked and focus is never set by the test. Each test starts
// from a fresh page and reaches its step by keyboard.
describe('keyboard only', () => {
  // Each test's page threw no uncaught errors.
  const { stack } = useStack({ approval: 'auto-approve' })

  it('Tab reaches the ConnectButton and Enter opens the modal with focus inside', async () => {
    await openByKeyboard(stack.page)
  })

  it('Tab and Shift+Tab stay trapped inside the modal', async () => {
    const { page } = stack
    await openByKeyboard(page)
    const keys = [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]
    for (const key of keys) {
      await page.keyboard.press(key)
      expect((await focused(page)).inModal, `focus after ${key}`).toBe(true)
    }
  })

  it('Escape closes the modal and focus returns to the ConnectButton', async () => {
    const { page } = stack
    await openByKeyboard(page)
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden' })
    expect((await focused(page)).name).toBe(t('connectButton.connect'))
  })

  it('on a 390 px phone the modal is a bottom sheet, still a trapped dialog that Escape closes', async () => {
    const { page } = stack
    await page.setViewportSize({ width: 390, height: 800 })
    await openByKeyboard(page)
    await animationsSettled(page)
    const box = () =>
      dialog(page).evaluate((element) => {
        const rect = element.getBoundingClientRect()
        return { left: rect.left, width: rect.width, bottom: rect.bottom }
      })
    // Polled: on a loaded machine the sheet's rise or its height's follow can start after the
    // animations looked settled (CI9 read it 3.8 px short of the edge once).
    await expect.poll(box).toEqual({ left: 0, width: 390, bottom: 800 })
    expect(await dialog(page).getAttribute('aria-modal')).toBe('true')
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden' })
    expect((await focused(page)).name).toBe(t('connectButton.connect'))
    // At 1280 px it is the centred card again.
    await page.setViewportSize({ width: 1280, height: 860 })
    await openByKeyboard(page)
    const card = await dialog(page).evaluate((element) => element.getBoundingClientRect().width)
    expect(card).toBeLessThan(400)
  })

  it("SPEC §9's motion: a view and the height at 150 ms, the header text at 120 ms; under reduced motion nothing animates", async () => {
    const { page } = stack
    /**
     * Presses All wallets and collects what animates in the next frames: each animation's
     * duration, with `height:` before it when it animates the height (the body following the view).
     */
    const animatedDurations = () =>
      page.evaluate(async (label) => {
        const root = document.querySelector('latch-modal')!.shadowRoot!
        const button = [...root.querySelectorAll('button')].find((b) =>
          b.textContent?.includes(label),
        )
        button!.click()
        const durations = new Set<string>()
        for (let i = 0; i < 90; i++) {
          for (const animation of root.getAnimations()) {
            const { duration } = animation.effect?.getComputedTiming() ?? {}
            const effect = animation.effect
            const height =
              effect instanceof KeyframeEffect &&
              effect.getKeyframes().some((frame) => 'height' in frame)
            if (typeof duration === 'number' && animation.playState === 'running')
              durations.add(height ? `height:${duration}` : String(duration))
          }
          await new Promise((resolve) => requestAnimationFrame(resolve))
        }
        return [...durations]
      }, t('view.Connect.allWallets'))
    await openByKeyboard(page)
    expect(await animatedDurations()).toEqual(expect.arrayContaining(['150', '120', 'height:150']))
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden' })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openByKeyboard(page)
    expect(await animatedDurations()).toEqual([])
    await page.emulateMedia({ reducedMotion: null })
  })

  it('connects: Enter on the ConnectButton, Tab to the dev wallet, Enter', async () => {
    await connectByKeyboard(stack.page)
  })

  it('switches network: Enter opens Account, then Networks → Latch Devnet B', async () => {
    const { page } = stack
    await connectByKeyboard(page)
    await openAccountByKeyboard(page)
    await tabTo(page, new RegExp(`^Latch Devnet A ${escape(t('view.Account.changeNetwork'))}$`))
    await page.keyboard.press('Enter')
    await expect.poll(() => title(page).textContent()).toBe(t('view.Networks.title'))
    await tabTo(page, /Latch Devnet B/)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => hookValue(page, 'network').textContent())
      .toBe('Latch Devnet B (eip155:31338)')
  })

  it('Escape returns focus to the ConnectButton, which now names the account', async () => {
    const { page, devnet } = stack
    await connectByKeyboard(page)
    await openAccountByKeyboard(page)
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden' })
    expect((await focused(page)).name).toContain(shortAddress(devnet.accounts[0]!.address))
  })

  it('disconnects: Enter opens Account, Tab to Disconnect, Enter', async () => {
    const { page } = stack
    await connectByKeyboard(page)
    await openAccountByKeyboard(page)
    await tabTo(page, new RegExp(`^${escape(t('view.Account.disconnect'))}$`))
    await page.keyboard.press('Enter')
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('disconnected')
  })
})
