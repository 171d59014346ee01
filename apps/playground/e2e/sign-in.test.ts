import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { t } from './messages.js'
import { connectButton, devWalletRow, dialog, hookValue, modalButton, title } from './modal.js'
import { serverSays } from './siwx.js'
import { useStack } from './use-stack.js'

// Issue 30's proof through the playground: sign in with the wallet against the real Latch
// server (its /v1/siwx routes verify each chain's signature), the dev wallet extensions of the
// three chains, each test from a fresh page. One stack for every chain, in one browser; the
// compact Connect view (issue 37) is checked here too, since it needs the three wallets.

const REGTEST_CHAIN = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

/** The sign-in panel's values (src/SignInPanel.tsx). */
const panel = (page: Page, id: 'status' | 'account' | 'server') =>
  page.locator(`#siwx-${id}`).textContent()

/** Opens the page with `?siwx=mode`, as a host turning sign-in on for it. */
async function openWithSignIn(page: Page, url: string, mode: 'optional' | 'required') {
  const next = new URL(url)
  next.searchParams.set('siwx', mode)
  await page.goto(next.toString())
  await connectButton(page).waitFor()
}

/** Picks a wallet's row in Connect; the modal then asks for the sign-in. */
async function connectWith(page: Page, row: RegExp | 'evm') {
  await connectButton(page).click()
  await (row === 'evm' ? devWalletRow(page) : modalButton(page, row)).click()
  await expect.poll(() => title(page).textContent()).toBe(t('view.SIWXSignMessage.title'))
}

/** Presses Sign; resolves once the modal closed on a stored session. */
async function signIn(page: Page) {
  await modalButton(page, t('view.SIWXSignMessage.sign')).click()
  await dialog(page).waitFor({ state: 'hidden' })
  await expect.poll(() => panel(page, 'status')).toBe('signedIn')
}

/** The page's session token, from the host helper (`__latch.getSession()`). */
function sessionToken(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => {
    const latch = (
      window as unknown as { __latch: { getSession(): Promise<{ token?: string } | undefined> } }
    ).__latch
    return (await latch.getSession())?.token
  })
}

describe('sign in with the wallet (SIWX) on EVM, Solana and Bitcoin', () => {
  const { stack, axe } = useStack({ approval: 'auto-approve', solana: true, bitcoin: true })
  const evmAccount = () => stack.devnet.accounts[0]!.address

  it('1. EVM: after the connect, Sign signs in; the server knows the address; a reload asks nothing', async () => {
    const { page, url, latchServer } = stack
    await openWithSignIn(page, url, 'optional')
    await connectWith(page, 'evm')
    await axe.check(page, 'SIWXSignMessage')
    await signIn(page)
    expect(await panel(page, 'account')).toBe(`eip155:31337 ${evmAccount()}`)

    const token = await sessionToken(page)
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    const me = await serverSays(page, latchServer.url, token!)
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({
      session: { data: { chainId: 'eip155:31337', accountAddress: evmAccount() } },
    })

    await page.reload()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect.poll(() => panel(page, 'status')).toBe('signedIn')
    expect(await dialog(page).isVisible()).toBe(false)
    axe.expectClean()
  })

  it('2. EVM: sign-out ends the session on the server too', async () => {
    const { page, url, latchServer } = stack
    await openWithSignIn(page, url, 'optional')
    await connectWith(page, 'evm')
    await signIn(page)
    const token = await sessionToken(page)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => panel(page, 'status')).toBe('signedOut')
    expect((await serverSays(page, latchServer.url, token!)).status).toBe(401)
    // Optional sign-in: the wallet stays connected.
    expect(await hookValue(page, 'status').textContent()).toBe('connected')
  })

  it('3. required: the modal cannot be closed until signed in, and Cancel disconnects', async () => {
    const { page, url } = stack
    await openWithSignIn(page, url, 'required')
    await connectWith(page, 'evm')
    await page.keyboard.press('Escape')
    await expect.poll(() => title(page).textContent()).toBe(t('view.SIWXSignMessage.title'))
    expect(await dialog(page).isVisible()).toBe(true)
    await axe.check(page, 'SIWXSignMessage, required')
    await modalButton(page, t('view.SIWXSignMessage.cancel')).click()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('disconnected')
    axe.expectClean()
  })

  it('4. Solana: the Solana dev wallet signs in, and the server verifies its ed25519 signature', async () => {
    const { page, url, latchServer, solana } = stack
    await openWithSignIn(page, url, 'optional')
    await connectWith(page, /Latch Solana Dev Wallet/)
    await signIn(page)
    const address = solana!.accounts[0]!.address
    expect(await panel(page, 'account')).toMatch(new RegExp(`^solana:\\S+ ${address}$`))
    const me = await serverSays(page, latchServer.url, (await sessionToken(page))!)
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ session: { data: { accountAddress: address } } })
  })

  it('5. Bitcoin: the Bitcoin dev wallet signs in with BIP-322, and the server verifies it', async () => {
    const { page, url, latchServer, bitcoin } = stack
    await openWithSignIn(page, url, 'optional')
    await connectWith(page, /Latch Bitcoin Dev Wallet/)
    await signIn(page)
    const address = bitcoin!.accounts[0]!.payment.address
    expect(await panel(page, 'account')).toBe(`${REGTEST_CHAIN} ${address}`)
    const me = await serverSays(page, latchServer.url, (await sessionToken(page))!)
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({
      session: { data: { chainId: REGTEST_CHAIN, accountAddress: address } },
    })
  })

  it('6. with the three wallets installed, Connect fits a 360×700 phone without scrolling (issue 37)', async () => {
    const { page } = stack
    await page.setViewportSize({ width: 360, height: 700 })
    // Measured at rest: the sheet's slide-in would move it while it is measured.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await connectButton(page).click()
    await expect.poll(() => title(page).textContent()).toBe(t('view.Connect.title'))
    for (const row of [/Latch Dev Wallet/, /Latch Solana Dev Wallet/, /Latch Bitcoin Dev Wallet/])
      await modalButton(page, row).waitFor()
    // The directory has loaded (its count shows), so every row Connect will have is there.
    await modalButton(page, new RegExp(`^${t('view.Connect.allWallets')} \\d+$`)).waitFor()
    const overflow = await dialog(page).evaluate((element) => {
      const scrolls = [element, ...element.querySelectorAll('*')].filter(
        (node) =>
          // Text kept for screen readers only clips by design.
          !node.classList.contains('latch-visually-hidden') &&
          node.scrollHeight > node.clientHeight + 1 &&
          getComputedStyle(node).overflowY !== 'visible',
      )
      return {
        scrolls: scrolls.map((node) => node.className),
        bottom: element.getBoundingClientRect().bottom,
      }
    })
    expect(overflow.scrolls).toEqual([])
    expect(overflow.bottom).toBeLessThanOrEqual(700)
    // The last control, the last social icon, is on screen.
    const last = await dialog(page)
      .getByRole('group', { name: t('view.ConnectingSocial.group') })
      .getByRole('button')
      .last()
      .boundingBox()
    expect(last!.y + last!.height).toBeLessThanOrEqual(700)
    // Last: the check turns reduced motion off again when it is done.
    await axe.check(page, 'Connect at 360 px')
  })
})
