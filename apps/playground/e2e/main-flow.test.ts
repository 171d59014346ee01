import type { Page } from 'playwright-core'
import { formatEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { anvilBalance, shownEther, spendOddAmount } from './chain.js'
import { useStack } from './use-stack.js'
import { t } from './messages.js'
import {
  connectButton,
  connectDevWallet,
  devWalletRow,
  dialog,
  hookValue,
  modalButton,
  shortAddress,
  title,
} from './modal.js'

/** What the wallet says its chain is, asked from the page like any dapp would. */
function walletChainId(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    (window as unknown as { ethereum: { request(a: object): Promise<unknown> } }).ethereum.request({
      method: 'eth_chainId',
    }),
  )
}

async function openModal(page: Page) {
  await connectButton(page).click()
  await dialog(page).waitFor({ state: 'visible' })
}

/** Connects the dev wallet from a fresh page, then opens the modal on Account. */
async function connectAndOpenAccount(page: Page) {
  await connectDevWallet(page)
  await openModal(page)
  await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
}

// The main flow, one step per test, each from a fresh page (its storage emptied, so the
// wallet and Latch start as on a first visit) on one shared devnet, browser and dev wallet
// extension (auto-approve). A step that needs a connection makes its own. axe-core checks every
// view on the way, and each test expects its own views clean.
describe('the main flow', () => {
  // Each test's page threw no uncaught errors.
  const { stack, axe } = useStack(
    { approval: 'auto-approve' },
    {
      async started(stack) {
        await spendOddAmount(stack.devnet)
      },
    },
  )

  const account = () => stack.devnet.accounts[0]!.address

  it('1. opens the modal on Connect from the ConnectButton', async () => {
    const { page } = stack
    await axe.check(page, 'the page, modal closed')
    await openModal(page)
    await expect.poll(() => title(page).textContent()).toBe(t('view.Connect.title'))
    await axe.check(page, 'Connect')
    axe.expectClean()
  })

  it('2. Connect: picking the dev wallet connects it (the wallet approves)', async () => {
    const { page } = stack
    await openModal(page)
    await devWalletRow(page).click()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(account())
    await expect(hookValue(page, 'caip-address').textContent()).resolves.toBe(
      `eip155:31337:${account()}`,
    )
    // A successful connect closes the modal; the ConnectButton now names the account.
    await dialog(page).waitFor({ state: 'hidden' })
    await expect(connectButton(page).textContent()).resolves.toContain(shortAddress(account()))
  })

  it('3. Account shows the real anvil balance', async () => {
    const { page, chains } = stack
    await connectDevWallet(page)
    const real = await anvilBalance(chains[0]!.rpcUrl, account())
    // An odd amount was spent first: a hard-coded 10 000 could not pass.
    expect(real).toBeLessThan(10_000n * 10n ** 18n)
    // The hooks carry core's exact figure.
    await expect
      .poll(() => hookValue(page, 'balance').textContent())
      .toBe(`${formatEther(real)} ETH`)
    await openModal(page)
    await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
    // The modal shows it cut (never rounded up) to its display precision.
    await expect.poll(async () => shownEther(await dialog(page).innerText())).toBeDefined()
    const shown = shownEther(await dialog(page).innerText())!
    const exact = Number(formatEther(real))
    expect(exact - shown.value).toBeGreaterThanOrEqual(0)
    expect(exact - shown.value).toBeLessThan(10 ** -shown.decimals)
    await axe.check(page, 'Account')
    axe.expectClean()
  })

  it('4. switches to the second chain: Networks → Latch Devnet B, and the wallet follows', async () => {
    const { page } = stack
    await connectAndOpenAccount(page)
    await modalButton(page, `Latch Devnet A ${t('view.Account.changeNetwork')}`).click()
    await expect.poll(() => title(page).textContent()).toBe(t('view.Networks.title'))
    await axe.check(page, 'Networks')
    await modalButton(page, /Latch Devnet B/).click()
    await expect
      .poll(() => hookValue(page, 'network').textContent())
      .toBe('Latch Devnet B (eip155:31338)')
    await expect.poll(() => walletChainId(page)).toBe('0x7a6a')
    // Core goes back once the wallet has switched: Networks, now with B active.
    await expect.poll(() => title(page).textContent()).toBe(t('view.Networks.title'))
    await expect(modalButton(page, /Latch Devnet B/).getAttribute('aria-current')).resolves.toBe(
      'true',
    )
    await modalButton(page, t('modal.back')).click()
    await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
    await modalButton(page, `Latch Devnet B ${t('view.Account.changeNetwork')}`).waitFor()
    await axe.check(page, 'Account on Latch Devnet B')
    axe.expectClean()
  })

  it('5. a wallet on a network the app does not configure shows UnsupportedChain', async () => {
    const { page, unconfigured } = stack
    await connectDevWallet(page)
    // The wallet's own user switches it to a chain only the wallet knows: the modal opens.
    await page.evaluate(
      (chainId) =>
        (
          window as unknown as { ethereum: { request(a: object): Promise<unknown> } }
        ).ethereum.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] }),
      `0x${unconfigured.chainId.toString(16)}`,
    )
    await dialog(page).waitFor({ state: 'visible' })
    await expect.poll(() => title(page).textContent()).toBe(t('view.UnsupportedChain.title'))
    await expect.poll(() => dialog(page).innerText()).toContain(t('view.UnsupportedChain.message'))
    await expect(hookValue(page, 'network').textContent()).resolves.toBe(
      `eip155:${unconfigured.chainId} (unsupported)`,
    )
    await axe.check(page, 'UnsupportedChain')

    // Back to a supported network from there.
    await modalButton(page, /Latch Devnet A/).click()
    await expect
      .poll(() => hookValue(page, 'network').textContent())
      .toBe('Latch Devnet A (eip155:31337)')
    await expect.poll(() => walletChainId(page)).toBe('0x7a69')
    // Back on a supported network, core closes UnsupportedChain by itself.
    await dialog(page).waitFor({ state: 'hidden' })
    axe.expectClean()
  })

  it('6. disconnects from Account', async () => {
    const { page } = stack
    await connectAndOpenAccount(page)
    await modalButton(page, t('view.Account.disconnect')).click()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('disconnected')
    await expect(connectButton(page).textContent()).resolves.toContain(t('connectButton.connect'))
  })

  it('7. after a reload the page reconnects silently (and a disconnect is remembered)', async () => {
    const { page } = stack
    await openModal(page)
    await devWalletRow(page).click()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await dialog(page).waitFor({ state: 'hidden' })

    await page.reload()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(account())
    expect(await dialog(page).isVisible()).toBe(false)

    // SPEC §4: a disconnect is remembered per wallet, so the next load does not reconnect.
    await openModal(page)
    await modalButton(page, t('view.Account.disconnect')).click()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('disconnected')
    await page.reload()
    await hookValue(page, 'status').waitFor()
    await page.waitForTimeout(500)
    await expect(hookValue(page, 'status').textContent()).resolves.toBe('disconnected')
  })
})
