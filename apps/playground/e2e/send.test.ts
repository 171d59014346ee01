import { TEST_TOKEN, testTokenAbi } from '@latch/devnet'
import jsQR from 'jsqr'
import type { Page } from 'playwright-core'
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  parseUnits,
  zeroAddress,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { generateKeyPairSigner } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { anvilBalance } from './chain.js'
import { t } from './messages.js'
import {
  CONNECT_BUTTON_NAME,
  connectButton,
  connectDevWallet,
  dialog,
  focused,
  modalButton,
  shortAddress,
  solanaWalletRow,
  tabTo,
  title,
} from './modal.js'
import {
  chooseToken,
  fillSend,
  formProblem,
  openEvmSend,
  openFromAccount,
  screenPixels,
  sendField,
  submitButton,
  tabToField,
  toast,
  withMiningPaused,
} from './send-form.js'
import { solBalance } from './solana-chain.js'
import { useStack } from './use-stack.js'

/** How long a poll waits for a chain, a server or a wallet on a loaded 2-core machine. */
const CHAIN = { timeout: 20_000 }

/** Switches the page's in-page EVM dev wallet's answers (its console handle, `__latchDevWallet`). */
function setEvmApproval(page: Page, mode: 'auto-approve' | 'auto-reject') {
  return page.evaluate(
    (mode) =>
      (
        window as unknown as { __latchDevWallet: { setApproval(mode: string): void } }
      ).__latchDevWallet.setApproval(mode),
    mode,
  )
}

/** `latch.send` from the page, as a host calls it; resolves with the hash or the error's text. */
function pageSend(page: Page, request: { amount: string; to: string }): Promise<string> {
  return page.evaluate(
    (request) =>
      (
        globalThis as unknown as {
          __latch: { send(r: { amount: string; to: string }): Promise<string> }
        }
      ).__latch
        .send(request)
        .catch((error: Error) => `error: ${error.message}`),
    request,
  )
}

// Issue 15's proof: the playground on the devnet and the local Solana chain, with the in-page
// EVM and Solana dev wallets (they approve by themselves; a test switches the EVM one to
// rejecting through `__latchDevWallet`). One devnet for the file: each test starts from a fresh
// page, sends to a receiver of its own, and reads what it checks from the chains themselves.
describe('send and receive', () => {
  const { stack, axe } = useStack({ approval: 'none', solana: true })
  const chainA = () => stack.chains[0]!
  const sender = () => stack.devnet.accounts[0]!.address
  // A new address for each send: its balance starts at zero, whatever ran before.
  const newReceiver = () => privateKeyToAccount(generatePrivateKey()).address
  const client = () => createPublicClient({ transport: http(chainA().rpcUrl) })
  const tokenBalance = (owner: Hex) =>
    client().readContract({
      address: stack.devnet.contracts[chainA().chainId]!.testToken,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [owner],
    })

  it('1. sends ETH: the balance is read again, the form reset, the transaction confirmed', async () => {
    const { page } = stack
    const to = newReceiver()
    const before = await anvilBalance(chainA().rpcUrl, to)
    await openEvmSend(page)
    // The ConnectButton shows the account's balance (under the dialog, still in the page).
    const shownBefore = await connectButton(page).textContent()
    await axe.check(page, 'Send, empty')
    await fillSend(page, { token: 'ETH', amount: '0.0123', to })
    await expect.poll(() => dialog(page).innerText(), CHAIN).toContain(t('view.Send.fee'))
    await axe.check(page, 'Send, filled')
    await submitButton(page).click()
    await expect
      .poll(() => anvilBalance(chainA().rpcUrl, to), CHAIN)
      .toBe(before + parseEther('0.0123'))
    // The form is reset on the same view.
    await expect.poll(() => sendField(page, 'Amount').inputValue()).toBe('')
    await expect(sendField(page, 'Receiver').inputValue()).resolves.toBe('')
    expect(await title(page).textContent()).toBe(t('view.Send.title'))
    await expect.poll(() => toast(page).textContent(), CHAIN).toBe(t('error.TRANSACTION_CONFIRMED'))
    // The balance shown is read again (past the 30 s cache) once the transaction is confirmed.
    await expect.poll(() => connectButton(page).textContent(), CHAIN).not.toBe(shownBefore)
    await axe.check(page, 'Send, after a native send')
    axe.expectClean()
  })

  it('2. sends an ERC-20: Account replaces Send; the token balance and Activity update', async () => {
    const { page } = stack
    const to = newReceiver()
    const [before, senderBefore] = await Promise.all([tokenBalance(to), tokenBalance(sender())])
    await openEvmSend(page)
    await fillSend(page, { token: TEST_TOKEN.symbol, amount: '1.5', to })
    await submitButton(page).click()
    await expect.poll(() => title(page).textContent(), CHAIN).toBe(t('view.Account.title'))
    await expect.poll(() => tokenBalance(to), CHAIN).toBe(before + parseUnits('1.5', 18))
    const left = (senderBefore - parseUnits('1.5', 18)) / 10n ** 18n
    await expect.poll(() => dialog(page).innerText(), CHAIN).toContain(`${left}`)
    await dialog(page)
      .getByRole('tab', { name: t('view.Account.tab.activity') })
      .click()
    const sent = dialog(page)
      .getByRole('listitem')
      .filter({ hasText: t('view.Account.activity.out') })
    await expect
      .poll(() => sent.filter({ hasText: TEST_TOKEN.symbol }).count(), CHAIN)
      .toBeGreaterThan(0)
    await axe.check(page, 'Account, Activity after an ERC-20 send')
    axe.expectClean()
  })

  it('3. sends SOL: Account replaces Send', async () => {
    const { page, solana } = stack
    const to = (await generateKeyPairSigner()).address
    const before = await solBalance(solana!, to)
    await connectButton(page).click()
    await solanaWalletRow(page).click()
    await dialog(page).waitFor({ state: 'hidden' })
    await openFromAccount(page, 'Send')
    await fillSend(page, { token: 'SOL', amount: '0.25', to })
    await axe.check(page, 'Send on Solana, filled')
    await submitButton(page).click()
    await expect.poll(() => title(page).textContent(), CHAIN).toBe(t('view.Account.title'))
    await expect.poll(() => solBalance(solana!, to), CHAIN).toBe(before + 250_000_000n)
    axe.expectClean()
  })

  it('4. sends to a name: its name and avatar show, and its address receives', async () => {
    const { page } = stack
    // The playground server's seeded name for the dev wallet's second account.
    const friend = stack.devnet.accounts[1]!.address
    const before = await anvilBalance(chainA().rpcUrl, friend)
    await openEvmSend(page)
    await fillSend(page, { token: 'ETH', amount: '0.0456', to: 'friend.latch' })
    const resolved = dialog(page).locator('form p', { hasText: 'friend.latch' })
    await expect
      .poll(() => resolved.textContent(), CHAIN)
      .toContain(t('view.Send.resolvedAddress', { address: shortAddress(friend) }))
    await expect(resolved.locator('img').count()).resolves.toBe(1)
    await axe.check(page, 'Send, to a resolved name')
    await submitButton(page).click()
    await expect
      .poll(() => anvilBalance(chainA().rpcUrl, friend), CHAIN)
      .toBe(before + parseEther('0.0456'))
    axe.expectClean()
  })

  it('5. invalid inputs show the SPEC messages, and nothing is sent', async () => {
    const { page, solana } = stack
    const to = newReceiver()
    const [nonce, received] = await Promise.all([
      client().getTransactionCount({ address: sender() }),
      anvilBalance(chainA().rpcUrl, to),
    ])
    await openEvmSend(page)
    // SPEC order: on EVM the token is checked first.
    await submitButton(page).click()
    await expect
      .poll(() => formProblem(page).first().textContent())
      .toBe(t('error.SEND_TOKEN_REQUIRED'))
    await chooseToken(page, 'ETH')
    await submitButton(page).click()
    await expect
      .poll(() => formProblem(page).first().textContent())
      .toBe(t('error.SEND_AMOUNT_AND_RECEIVER_REQUIRED'))
    await axe.check(page, 'Send, amount and receiver missing')
    await sendField(page, 'Amount').fill('0.5')
    // Another network's address (the Solana wallet's) on an EVM network.
    await sendField(page, 'Receiver').fill(solana!.accounts[0]!.address)
    await submitButton(page).click()
    await expect
      .poll(() => formProblem(page).first().textContent())
      .toBe(t('error.INVALID_CAIP_ADDRESS'))
    await sendField(page, 'Receiver').fill(to)
    await sendField(page, 'Amount').fill('20000')
    await submitButton(page).click()
    await expect
      .poll(() => formProblem(page).first().textContent())
      .toBe(t('error.SEND_INSUFFICIENT_BALANCE', { symbol: 'ETH' }))
    await axe.check(page, 'Send, amount over the balance')
    await expect(client().getTransactionCount({ address: sender() })).resolves.toBe(nonce)
    await expect(anvilBalance(chainA().rpcUrl, to)).resolves.toBe(received)
    axe.expectClean()
  })

  it('6. a rejection in the wallet keeps the form, and Retry sends', async () => {
    const { page } = stack
    const to = newReceiver()
    const before = await anvilBalance(chainA().rpcUrl, to)
    await openEvmSend(page)
    await setEvmApproval(page, 'auto-reject')
    await fillSend(page, { token: 'ETH', amount: '0.042', to })
    await submitButton(page).click()
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent(), CHAIN)
      .toBe(t('error.USER_REJECTED'))
    expect(await sendField(page, 'Amount').inputValue()).toBe('0.042')
    expect(await sendField(page, 'Receiver').inputValue()).toBe(to)
    await axe.check(page, 'Send, rejected')
    await setEvmApproval(page, 'auto-approve')
    await modalButton(page, t('view.Send.retry')).click()
    await expect
      .poll(() => anvilBalance(chainA().rpcUrl, to), CHAIN)
      .toBe(before + parseEther('0.042'))
    axe.expectClean()
  })

  it('7. a reverted ERC-20 transfer shows its reason', async () => {
    const { page } = stack
    const nonce = await client().getTransactionCount({ address: sender() })
    await openEvmSend(page)
    // The devnet's ERC-20s refuse a transfer to the zero address, with a reason.
    await fillSend(page, { token: TEST_TOKEN.symbol, amount: '1', to: zeroAddress })
    await submitButton(page).click()
    await expect
      .poll(
        async () => `${await dialog(page).innerText()} ${await toast(page).allTextContents()}`,
        CHAIN,
      )
      .toContain('ERC20: transfer to the zero address')
    await axe.check(page, 'Send, reverted')
    expect(await client().getTransactionCount({ address: sender() })).toBeGreaterThanOrEqual(nonce)
    axe.expectClean()
  })

  it('8. a transaction replaced with a higher fee shows the reason', async () => {
    const { page, devnet } = stack
    const to = newReceiver()
    await openEvmSend(page)
    await withMiningPaused(chainA().rpcUrl, async (anvil) => {
      const nonce = await client().getTransactionCount({ address: sender() })
      await fillSend(page, { token: 'ETH', amount: '0.003', to })
      // The page's receipt watch (viem's) can name a replacement only if it saw the original
      // transaction first: the replacement goes to anvil once the page has read it.
      const watched = page.waitForResponse(
        (response) => response.request().postData()?.includes('eth_getTransactionByHash') ?? false,
        { timeout: CHAIN.timeout },
      )
      await submitButton(page).click()
      await watched
      // The wallet's transaction waits in anvil's pool; the same account sends it again, priced up.
      await expect
        .poll(() => client().getTransactionCount({ address: sender(), blockTag: 'pending' }), CHAIN)
        .toBe(nonce + 1)
      const pool = await anvil.getTxpoolContent()
      const waiting = Object.entries(pool.pending).find(
        ([from]) => from.toLowerCase() === sender().toLowerCase(),
      )![1][String(nonce)]!
      const wallet = createWalletClient({
        account: privateKeyToAccount(devnet.accounts[0]!.privateKey),
        transport: http(chainA().rpcUrl),
      })
      await wallet.sendTransaction({
        chain: null,
        to,
        value: parseEther('0.003'),
        nonce,
        gas: BigInt(waiting.gas),
        maxFeePerGas: BigInt(waiting.maxFeePerGas ?? waiting.gasPrice ?? '0x0') * 2n,
        maxPriorityFeePerGas: BigInt(waiting.maxPriorityFeePerGas ?? '0x1') * 2n + 1n,
      })
      await anvil.mine({ blocks: 1 })
      await expect
        .poll(() => toast(page).textContent(), CHAIN)
        .toBe(t('error.TRANSACTION_REPLACED', { reason: 'repriced' }))
    })
    await axe.check(page, 'Send, replaced')
    axe.expectClean()
  })

  it(
    '9. a transaction that is not mined in time shows the timeout',
    { timeout: 90_000 },
    async () => {
      const { page } = stack
      await connectDevWallet(page)
      await withMiningPaused(chainA().rpcUrl, async () => {
        // The page integration's 25 s wait (PAGE_RECEIPT_TIMEOUT_MS): no host option shortens it.
        const sent = pageSend(page, { amount: '0.001', to: newReceiver() })
        // While it waits, Activity lists it first, as pending (SPEC §4 "Pending transactions").
        await connectButton(page).click()
        const name = t('view.Account.tab.activity')
        await dialog(page).getByRole('tab', { name }).click()
        const first = dialog(page)
          .getByRole('tabpanel', { name })
          .getByRole('list', { name: t('view.Account.activity.list') })
          .getByRole('listitem')
          .first()
        await expect.poll(() => first.innerText(), CHAIN).toContain('0.001 ETH')
        expect(await first.innerText()).toContain(t('view.Account.activity.status.pending'))
        await axe.check(page, 'Activity, a pending send')
        await expect
          .poll(() => sent.then((hash) => hash), { timeout: 45_000 })
          .toMatch(/^0x[0-9a-f]{64}$/)
        await expect
          .poll(() => toast(page).textContent(), CHAIN)
          .toBe(t('error.TRANSACTION_TIMED_OUT'))
      })
      axe.expectClean()
    },
  )

  it('10. Receive shows a QR code whose decoded text is the address', async () => {
    const { page } = stack
    await connectDevWallet(page)
    await openFromAccount(page, 'Receive')
    const qr = dialog(page).getByRole('img', { name: t('view.Receive.qr', { namespace: 'EVM' }) })
    await qr.waitFor()
    const { data, width, height } = await screenPixels(page, qr)
    expect(jsQR(data, width, height)?.data).toBe(sender())
    await axe.check(page, 'Receive')
    axe.expectClean()
  })

  it('11. sends with the keyboard alone', async () => {
    const { page } = stack
    const to = newReceiver()
    const before = await anvilBalance(chainA().rpcUrl, to)
    // Connect, as keyboard.test.ts does: Enter on the ConnectButton, Tab to the wallet, Enter.
    await tabTo(page, CONNECT_BUTTON_NAME)
    await page.keyboard.press('Enter')
    await tabTo(page, /Latch Dev Wallet/)
    await page.keyboard.press('Enter')
    await dialog(page).waitFor({ state: 'hidden' })
    // Focus is back on the ConnectButton: Enter opens Account.
    await expect.poll(async () => (await focused(page)).name).toMatch(CONNECT_BUTTON_NAME)
    await page.keyboard.press('Enter')
    await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
    await tabTo(page, new RegExp(`^${t('view.Send.title')}$`))
    await page.keyboard.press('Enter')
    await expect.poll(() => title(page).textContent()).toBe(t('view.Send.title'))
    // The token picker by keyboard (issue 37): Enter opens its search, Escape closes the list
    // and leaves the modal open, Enter again, the search narrows it, Enter chooses.
    await tabToField(page, t('view.Send.token'))
    await page.keyboard.press('Enter')
    const list = dialog(page).getByRole('listbox', { name: t('view.Send.token') })
    await list.waitFor()
    await page.keyboard.press('Escape')
    await list.waitFor({ state: 'hidden' })
    expect(await dialog(page).isVisible()).toBe(true)
    await page.keyboard.press('Enter')
    await page.keyboard.type('ETH')
    await page.keyboard.press('Enter')
    await expect.poll(() => sendField(page, 'Token').textContent()).toMatch(/^ETH\b/)
    await tabToField(page, t('view.Send.amount'))
    await page.keyboard.type('0.0777')
    await tabToField(page, t('view.Send.receiver'))
    await page.keyboard.type(to)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => anvilBalance(chainA().rpcUrl, to), CHAIN)
      .toBe(before + parseEther('0.0777'))
  })
})
