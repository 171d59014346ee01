import type { WcWallet } from '@latch/wc-wallet'
import { createPublicClient, formatEther, http, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeLog } from './axe.js'
import { anvilBalance } from './chain.js'
import { startStack, startWcWallet, type Stack } from './harness.js'
import { t } from './messages.js'
import { chooseWalletConnect, copyPairingLink, dialog, hookValue } from './modal.js'

// The WalletConnect flow, one step per test, in order: the playground in Chromium, the
// local relay, and the real sign-client wallet (Node) holding a devnet key.
describe('WalletConnect pairing end to end', () => {
  const axe = axeLog()
  let stack: Stack
  let wallet: WcWallet
  let uri = ''
  beforeAll(async () => {
    stack = await startStack({ approval: 'none', walletConnect: true })
    wallet = await startWcWallet(stack, stack.relay!.url, 4)
  })
  afterAll(async () => {
    await wallet?.close()
    await stack?.close()
  })
  const account = () => stack.devnet.accounts[4]!.address

  it('1. opens the modal and chooses WalletConnect: the QR view shows a pairing link', async () => {
    const { page } = stack
    await chooseWalletConnect(page)
    await dialog(page)
      .getByRole('img', { name: t('pairing.qr') })
      .waitFor()
    await axe.check(page, 'ConnectingWalletConnect')
  })

  it('2. the wallet pairs with the link read from the page, and approves', async () => {
    uri = await copyPairingLink(stack.page)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair(uri)
    const { page } = stack
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(account())
    await dialog(page).waitFor({ state: 'hidden' })
  })

  it('3. the account shows its devnet balance', async () => {
    const real = await anvilBalance(stack.chains[0]!.rpcUrl, account())
    await expect
      .poll(() => hookValue(stack.page, 'balance').textContent())
      .toBe(`${formatEther(real)} ETH`)
  })

  it('4. signs a message: the wallet answers with a signature of this account', async () => {
    const { page } = stack
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect.poll(() => page.locator('#action-signature').textContent()).toMatch(/^0x/)
    const signature = (await page.locator('#action-signature').textContent()) as Hex
    await expect(
      verifyMessage({
        address: account(),
        message: 'Hello from the Latch playground',
        signature,
      }),
    ).resolves.toBe(true)
  })

  it('5. sends a transaction: it is mined on the devnet', async () => {
    const { page } = stack
    await page.getByRole('button', { name: 'Send 0.000001 ETH to myself' }).click()
    await expect
      .poll(() => page.locator('#action-transaction').textContent(), { timeout: 15_000 })
      .toMatch(/^0x[0-9a-f]{64}$/)
    const hash = (await page.locator('#action-transaction').textContent()) as Hex
    const client = createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(account().toLowerCase())
  })

  it('6. a reload restores the session', async () => {
    const { page } = stack
    await page.reload()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(account())
  })

  it('7. the wallet deletes the session: the page shows disconnected', async () => {
    await wallet.deleteSession()
    await expect.poll(() => hookValue(stack.page, 'status').textContent()).toBe('disconnected')
    await expect(hookValue(stack.page, 'is-connected').textContent()).resolves.toBe('false')
    expect(stack.pageErrors).toEqual([])
    // The verify iframe, the relay and every read stayed on this machine.
    expect(stack.outsideRequests).toEqual([])
  })
})
