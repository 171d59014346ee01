import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useStack } from './use-stack.js'
import { t } from './messages.js'
import { connectButton, devWalletRow, dialog, modalButton, title } from './modal.js'
import { APP_DIR } from './paths.js'

// The playground against its Latch server (packages/server), as `npm start` runs it: the modal's
// wallet directory is the server's, and a project that does not allow the page's origin shows
// SPEC §8's 'Invalid App Configuration'. Each stack's server is a real one on PGlite.

/** A directory of two wallets found nowhere else: neither core's built-in list nor any seed. */
const SEED = join(APP_DIR, 'e2e/fixtures/directory-seed.json')
const SEED_WALLETS = ['Latch Test Wallet', 'Latch Other Wallet']

/** The paths and queries the page asked of `serverUrl`, from now on, in order. */
function serverRequests(page: Page, serverUrl: string): URL[] {
  const seen: URL[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(`${serverUrl}/`)) seen.push(new URL(request.url()))
  })
  return seen
}

async function openModal(page: Page) {
  await connectButton(page).click()
  await dialog(page).waitFor({ state: 'visible' })
}

/** The wallet names the AllWallets list shows, in order (each row's name, without its tag). */
function allWalletsNames(page: Page): Promise<string[]> {
  return dialog(page)
    .getByRole('list', { name: t('view.AllWallets.list') })
    .locator('button > span:not(.latch-tag)')
    .allTextContents()
}

describe('the wallet directory comes from the Latch server', () => {
  const { stack, axe } = useStack(
    { approval: 'none', server: { directorySeed: SEED } },
    {
      // Every call went to the local server (127.0.0.1): nothing left this machine.
      localOnly: true,
    },
  )

  it("Connect recommends the server's wallets, with their images from the server", async () => {
    const { page } = stack
    const asked = serverRequests(page, stack.latchServer.url)
    await openModal(page)
    await expect.poll(() => title(page).textContent()).toBe(t('view.Connect.title'))
    for (const name of SEED_WALLETS) await modalButton(page, name).waitFor()
    // The installed dev wallet is still offered, and no wallet of the built-in list is.
    await devWalletRow(page).waitFor()
    expect(await modalButton(page, /MetaMask|Rainbow|Coinbase/).count()).toBe(0)
    // The row to the full list counts the server's directory: its two wallets.
    await modalButton(page, `${t('view.Connect.allWallets')} ${SEED_WALLETS.length}`).waitFor()

    const icon = modalButton(page, 'Latch Test Wallet').locator('img')
    await expect
      .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(32)
    expect(await icon.getAttribute('src')).toMatch(
      new RegExp(`^${stack.latchServer.url}/getWalletImage/latch-test-wallet\\?`),
    )
    const paths = asked.map((url) => url.pathname)
    expect(paths).toContain('/getWallets')
    expect(paths).toContain('/getWalletImage/latch-test-wallet')
    // SPEC §7: every call names the project and the SDK.
    for (const url of asked) {
      expect(url.searchParams.get('projectId')).toBe('latch-playground')
      expect(url.searchParams.get('st')).toBeTruthy()
      expect(url.searchParams.get('sv')).toBeTruthy()
    }
    await axe.check(page, 'Connect (directory from the Latch server)')
    axe.expectClean()
  })

  it('AllWallets lists the directory the server holds, and a search asks the server', async () => {
    const { page } = stack
    const asked = serverRequests(page, stack.latchServer.url)
    await openModal(page)
    await modalButton(page, `${t('view.Connect.allWallets')} ${SEED_WALLETS.length}`).click()
    await title(page).getByText(t('view.AllWallets.title'), { exact: true }).waitFor()
    await expect.poll(() => allWalletsNames(page)).toEqual(SEED_WALLETS)

    await dialog(page)
      .getByRole('searchbox', { name: t('view.AllWallets.search') })
      .fill('test w')
    await expect.poll(() => allWalletsNames(page)).toEqual(['Latch Test Wallet'])
    await dialog(page)
      .getByText(t('view.AllWallets.results', { count: 1 }))
      .waitFor()
    // The search was the server's to answer, not a filter over the page already loaded.
    const searches = asked.filter((url) => url.pathname === '/getWallets')
    expect(searches.map((url) => url.searchParams.get('search'))).toContain('test w')

    await dialog(page)
      .getByRole('searchbox', { name: t('view.AllWallets.search') })
      .fill('metamask')
    await dialog(page).getByText(t('view.AllWallets.empty')).waitFor()
    await axe.check(page, 'AllWallets (search with no result, from the Latch server)')
    axe.expectClean()
  })
})

describe('a Latch server whose project does not allow the page’s origin', () => {
  // The playground's project, allowed only on a site the page is not served from.
  const { stack, axe } = useStack(
    {
      approval: 'none',
      server: { allowedOrigins: ['https://app.example'] },
    },
    { localOnly: true },
  )

  it("the modal shows 'Invalid App Configuration' and still offers the installed wallet", async () => {
    const { page } = stack
    const asked = serverRequests(page, stack.latchServer.url)
    await openModal(page)
    const alert = dialog(page).getByRole('alert', { name: t('alert.region') })
    // SPEC §8, word for word.
    await expect.poll(() => alert.textContent()).toBe('Invalid App Configuration')
    expect(t('error.INVALID_APP_CONFIGURATION')).toBe('Invalid App Configuration')
    expect(asked.length).toBeGreaterThan(0)
    // The directory is refused too: none of the server's wallets, but the dev wallet connects.
    await devWalletRow(page).waitFor()
    expect(await modalButton(page, /MetaMask|Latch Test Wallet/).count()).toBe(0)
    await axe.check(page, "Connect with the 'Invalid App Configuration' alert")
    axe.expectClean()
  })
})
