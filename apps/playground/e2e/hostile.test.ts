import { describe, expect, it } from 'vitest'
import type { Stack } from './harness.js'
import { useStack } from './use-stack.js'
import { hostStyleLeaks } from './leak.js'
import { t } from './messages.js'
import {
  connectButton,
  connectDevWallet,
  devWalletRow,
  dialog,
  hookValue,
  shortAddress,
  title,
} from './modal.js'

// The page's own style sources: the built stylesheet and, in hostile mode, the hostile <style>.
const OWN_STYLES = 'link[rel="stylesheet"][href^="/assets/"], style[data-hostile]'

/** Opens the modal with the mouse and checks it is really there: visible, on top, styled by Latch. */
async function openAndInspect(stack: Stack) {
  const { page } = stack
  await connectButton(page).click()
  const modal = dialog(page)
  await modal.waitFor({ state: 'visible' })
  return page.evaluate(() => {
    const host = document.querySelector('latch-modal')!
    const dialog = host.shadowRoot!.querySelector('dialog')!
    const heading = dialog.querySelector('h2')!
    const box = dialog.getBoundingClientRect()
    // What a click at the dialog's centre would hit: the modal's host, not an overlay.
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    const deepHit = host.shadowRoot!.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    const style = getComputedStyle(dialog)
    return {
      open: dialog.open,
      width: Math.round(box.width),
      height: Math.round(box.height),
      display: style.display,
      visibility: style.visibility,
      opacity: style.opacity,
      hit: hit?.tagName.toLowerCase(),
      hitInsideDialog: deepHit ? dialog.contains(deepHit) : false,
      titleFontSize: getComputedStyle(heading).fontSize,
      titleColor: getComputedStyle(heading).color,
      titleLetterSpacing: getComputedStyle(heading).letterSpacing,
    }
  })
}

/** Connects through the modal, opens Account and closes it: everything Latch adds is on the page. */
async function useTheModal(stack: Stack) {
  const { page } = stack
  await connectDevWallet(page)
  await connectButton(page).click()
  await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'hidden' })
}

// Each test starts from a fresh page on a stack shared by the file.
describe('a host page with hostile CSS (?hostile=1)', () => {
  // The hostile page threw no uncaught errors, in any test.
  const { stack } = useStack({ approval: 'auto-approve', query: { hostile: '1' } })

  it('really is hostile: its rules reach every element of its own', async () => {
    const h1 = await stack.page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('h1')!)
      return { fontSize: style.fontSize, color: style.color }
    })
    expect(h1).toEqual({ fontSize: '40px', color: 'rgb(255, 0, 255)' })
  })

  it('the modal still opens, visible, on top of a max z-index overlay, in its own styles', async () => {
    const seen = await openAndInspect(stack)
    expect(seen).toMatchObject({
      open: true,
      width: 360,
      display: 'block',
      visibility: 'visible',
      opacity: '1',
      hit: 'latch-modal',
      hitInsideDialog: true,
      titleFontSize: '16px',
      titleLetterSpacing: 'normal',
    })
    expect(seen.height).toBeGreaterThan(50)
    expect(seen.titleColor).not.toBe('rgb(255, 0, 255)')
    await expect(title(stack.page).textContent()).resolves.toBe(t('view.Connect.title'))
  })

  it('is usable: the dev wallet connects through it, and Account opens', async () => {
    const { page, devnet } = stack
    await connectButton(page).click()
    await dialog(page).waitFor({ state: 'visible' })
    await devWalletRow(page).click()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await dialog(page).waitFor({ state: 'hidden' })
    // Connected, the button shows (and is named by) the balance and the short address.
    await expect(connectButton(page).textContent()).resolves.toContain(
      shortAddress(devnet.accounts[0]!.address),
    )
    await connectButton(page).click()
    await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden' })
  })

  it('puts none of its CSS on the hostile page, after the modal was used', async () => {
    await useTheModal(stack)
    const report = await hostStyleLeaks(stack.page, OWN_STYLES)
    expect(report.foreignStyles).toEqual([])
    expect(report.differences).toEqual([])
    expect(report.compared).toBeGreaterThan(20)
  })
})

describe('Latch on an ordinary host page', () => {
  // The page threw no uncaught errors.
  const { stack } = useStack({ approval: 'auto-approve' })

  it("changes no host element's computed style, with the modal open or closed", async () => {
    const { page } = stack
    const before = await hostStyleLeaks(page, OWN_STYLES)
    await openAndInspect(stack)
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden' })
    const after = await hostStyleLeaks(page, OWN_STYLES)
    for (const report of [before, after]) {
      expect(report.foreignStyles).toEqual([])
      expect(report.differences).toEqual([])
      expect(report.compared).toBeGreaterThan(20)
    }
  })
})
