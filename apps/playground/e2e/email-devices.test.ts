import { launchChromium } from '@latch/test-browser'
import type { Page } from 'playwright-core'
import { createPublicClient, createTestClient, http, parseEther, type Hex } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { anvilBalance } from './chain.js'
import {
  approveInFrame,
  embeddedWalletInfo,
  emailWorld,
  enterCode,
  freshEmail,
  logIn,
  openAccount,
  otherCode,
  submitEmail,
  typeCode,
} from './email-login.js'
import { t } from './messages.js'
import { dialog, modalButton, title } from './modal.js'
import { statusIs } from './social-login.js'
import { useStack } from './use-stack.js'

const world = await emailWorld()
afterAll(() => world.mailbox.stop())

const addressOf = async (page: Page) =>
  (await page.locator('#account-address').textContent()) as Hex

/** Waits until the modal shows `view` (its title). */
const showsView = (page: Page, view: 'UpdateEmailPrimaryOtp' | 'UpdateEmailSecondaryOtp') =>
  title(page)
    .getByText(t(`view.${view}.title`), { exact: true })
    .waitFor({ timeout: 20_000 })

describe('the embedded wallet across transactions and devices, in Chromium (issue 17)', () => {
  const { stack } = useStack(world.stack)

  it('2. sends ETH on anvil from the embedded wallet, approved in the frame', async () => {
    const { page } = stack
    const email = freshEmail('eve')
    await logIn(page, world.mailbox, email)
    const address = await addressOf(page)
    const { rpcUrl } = stack.chains[0]!
    // The new wallet holds nothing: anvil funds it, as a faucet would.
    await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
      address,
      value: parseEther('1'),
    })

    await page.getByRole('button', { name: /^Send .* to myself$/ }).click()
    await approveInFrame(page)
    await expect
      .poll(() => page.locator('#action-transaction').textContent(), { timeout: 20_000 })
      .toMatch(/0x[0-9a-f]{64}/)
    const hash = /0x[0-9a-f]{64}/.exec(
      (await page.locator('#action-transaction').textContent()) ?? '',
    )![0] as Hex
    const receipt = await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt(
      { hash },
    )
    // Signed in the frame by the embedded wallet's key: anvil mined it from that address.
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    // Only the fee left the wallet (it sent to itself).
    const left = await anvilBalance(rpcUrl, address)
    expect(left).toBeLessThan(parseEther('1'))
    expect(left).toBeGreaterThan(parseEther('0.99'))
  })

  it('4. a new device is approved through the mailed link, and recovers the same address', async () => {
    const { page } = stack
    const email = freshEmail('nia')
    await logIn(page, world.mailbox, email)
    const address = await addressOf(page)

    // Another browser, its own profile: nothing of the first device's frame storage.
    const device = await launchChromium()
    try {
      const second = await device.context.newPage()
      await second.goto(stack.url)
      await submitEmail(second, email)
      await dialog(second)
        .getByRole('heading', { name: t('view.EmailVerifyDevice.heading') })
        .waitFor({ timeout: 20_000 })
      // The link comes in a second mail (the first was the first device's code).
      const link = await world.mailbox.latestLink(email, {
        match: '/device/approve',
        count: 2,
        timeout: 20_000,
      })
      // The person opens it (in their mail client) and approves.
      const mail = await device.context.newPage()
      await mail.goto(link)
      await mail.getByRole('button', { name: 'Approve this device' }).click()
      await mail.getByText('Device approved').waitFor()
      await mail.close()
      // Approved, the frame asks for the code it mails next (the third mail).
      await enterCode(second, world.mailbox, email, 3)
      expect((await addressOf(second)).toLowerCase()).toBe(address.toLowerCase())
    } finally {
      await device.close()
    }
  })

  it('5. updates the email (a code to each address), signs out, and the new email logs in to the same wallet', async () => {
    const { page } = stack
    const before = freshEmail('uma')
    const after = freshEmail('uma-new')
    await logIn(page, world.mailbox, before)
    const address = await addressOf(page)
    expect(await embeddedWalletInfo(page)).toEqual({
      user: { email: before },
      authProvider: 'email',
      accountType: 'eoa',
      isSmartAccountDeployed: false,
    })

    await openAccount(page)
    await dialog(page).getByText(before, { exact: true }).waitFor()
    await modalButton(page, t('view.Account.editEmail')).click()
    await dialog(page).getByLabel(t('view.UpdateEmailWallet.label'), { exact: true }).fill(after)
    await modalButton(page, t('view.UpdateEmailWallet.submit')).click()

    // The primary code goes to the address in use (its second mail: the first was the login's).
    await showsView(page, 'UpdateEmailPrimaryOtp')
    const primary = await world.mailbox.latestCode(before, { count: 2, timeout: 20_000 })
    // A wrong code: the server's refusal as the frame sent it, and nothing lost.
    await typeCode(page, otherCode(primary))
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent(), { timeout: 20_000 })
      .toMatch(/^Invalid code: \d+ attempts? left$/)
    await showsView(page, 'UpdateEmailPrimaryOtp')
    expect((await embeddedWalletInfo(page))?.user?.email).toBe(before)
    await statusIs(page, 'connected')

    await typeCode(page, primary)
    // The secondary code goes to the new address, its first mail.
    await showsView(page, 'UpdateEmailSecondaryOtp')
    await typeCode(page, await world.mailbox.latestCode(after, { timeout: 20_000 }))

    // Success: back on Account, which shows the new email, and so does the host's account state.
    await title(page).getByText(t('view.Account.title'), { exact: true }).waitFor()
    await dialog(page).getByText(after, { exact: true }).waitFor()
    await expect.poll(async () => (await embeddedWalletInfo(page))?.user?.email).toBe(after)
    expect((await embeddedWalletInfo(page))?.authProvider).toBe('email')

    // Sign out, then log in with the new email: its second mail is the login's code.
    await modalButton(page, t('view.Account.disconnect')).click()
    await statusIs(page, 'disconnected')
    expect(await embeddedWalletInfo(page)).toBeUndefined()
    await submitEmail(page, after)
    await enterCode(page, world.mailbox, after, 2)
    expect((await addressOf(page)).toLowerCase()).toBe(address.toLowerCase())
    expect((await embeddedWalletInfo(page))?.user?.email).toBe(after)
  })
})
