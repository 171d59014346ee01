import { launchChromium } from '@latch/test-browser'
import type { Page } from 'playwright-core'
import { createPublicClient, createTestClient, http, parseEther, type Hex } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { anvilBalance } from './chain.js'
import {
  approveInFrame,
  emailWorld,
  enterCode,
  freshEmail,
  logIn,
  submitEmail,
} from './email-login.js'
import { t } from './messages.js'
import { dialog } from './modal.js'
import { useStack } from './use-stack.js'

const world = await emailWorld()
afterAll(() => world.mailbox.stop())

const addressOf = async (page: Page) =>
  (await page.locator('#account-address').textContent()) as Hex

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
})
