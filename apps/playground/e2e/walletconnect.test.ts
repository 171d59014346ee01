import { LATCH_OWNED_DATABASES } from '@latch/core'
import type { WcWallet } from '@latch/wc-wallet'
import { createPublicClient, formatEther, http, verifyMessage, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { anvilBalance } from './chain.js'
import { startWcWallet } from './harness.js'
import { useStack } from './use-stack.js'
import { t } from './messages.js'
import { chooseWalletConnect, copyPairingLink, dialog, hookValue } from './modal.js'

// The WalletConnect flow, one step per test: the playground in Chromium, the local relay,
// and the real sign-client wallet (Node) holding a devnet key. The relay, devnet and browser are
// shared; each test has a fresh page (WalletConnect's IndexedDB emptied) and a fresh wallet, and
// pairs them itself when its step needs a session.
describe('WalletConnect pairing end to end', () => {
  let wallet: WcWallet
  const { stack, axe } = useStack(
    { approval: 'none', walletConnect: true },
    {
      async beforeEach(stack) {
        wallet = await startWcWallet(stack, stack.relay!.url, 4)
      },
      async afterEach() {
        await wallet?.close()
      },
      // The verify iframe, the relay and every read stayed on this machine.
      localOnly: true,
    },
  )
  const account = () => stack.devnet.accounts[4]!.address

  /** Chooses WalletConnect, and the wallet pairs with the link read from the page and approves. */
  async function pair(): Promise<string> {
    const { page } = stack
    await chooseWalletConnect(page)
    const uri = await copyPairingLink(page)
    await wallet.pair(uri)
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await dialog(page).waitFor({ state: 'hidden' })
    return uri
  }

  it('1. opens the modal and chooses WalletConnect: the QR view shows a pairing link', async () => {
    const { page } = stack
    await chooseWalletConnect(page)
    await dialog(page)
      .getByRole('img', { name: t('pairing.qr') })
      .waitFor()
    await axe.check(page, 'ConnectingWalletConnect')
    axe.expectClean()
  })

  it('2. the wallet pairs with the link read from the page, and approves', async () => {
    const { page } = stack
    const uri = await pair()
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(account())
    // The WalletConnect client stores only in the databases Latch owns (and clears on failure),
    // and writes no localStorage key of its own (its keys all start "wc@2:").
    const stored = await page.evaluate(async () => ({
      databases: (await indexedDB.databases()).map((db) => db.name),
      keys: Object.keys(localStorage),
    }))
    expect(stored.databases).toEqual([...LATCH_OWNED_DATABASES])
    expect(
      stored.keys.filter((key) => /^wc@|walletconnect|wallet_connect|^wc_/i.test(key)),
    ).toEqual([])
  })

  it('3. the account shows its devnet balance', async () => {
    await pair()
    const real = await anvilBalance(stack.chains[0]!.rpcUrl, account())
    await expect
      .poll(() => hookValue(stack.page, 'balance').textContent())
      .toBe(`${formatEther(real)} ETH`)
  })

  it('4. signs a message: the wallet answers with a signature of this account', async () => {
    const { page } = stack
    await pair()
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
    await pair()
    await page.getByRole('button', { name: 'Send 0.00001 ETH to myself' }).click()
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
    await pair()
    await page.reload()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(account())
  })

  it('7. the wallet deletes the session: the page shows disconnected', async () => {
    await pair()
    await wallet.deleteSession()
    await expect.poll(() => hookValue(stack.page, 'status').textContent()).toBe('disconnected')
    await expect(hookValue(stack.page, 'is-connected').textContent()).resolves.toBe('false')
  })
})
