import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { btcText, satsOf, transaction, verifiesBitcoinMessage } from './bitcoin-chain.js'
import { useStack } from './use-stack.js'
import { t } from './messages.js'
import { connectButton, dialog, hookValue, modalButton, title } from './modal.js'
import { rejectThenRetry, switchToEvmAndBack } from './namespaces.js'

const REGTEST = 'Latch Bitcoin Regtest'
const REGTEST_CHAIN = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const REGTEST_NETWORK = `${REGTEST} (${REGTEST_CHAIN})`
const BITCOIN_PANEL = 'latch-bitcoin-dev-wallet-panel'
const MESSAGE = 'Hello from the Latch playground'
/** The playground's send: 0.00001 BTC. */
const SEND_SATS = 1_000n

const bitcoinWalletRow = (page: Page) => modalButton(page, /Latch Bitcoin Dev Wallet/)

/** Opens the modal from the ConnectButton and picks the Bitcoin dev wallet; waits for the account. */
async function connectBitcoinWallet(page: Page) {
  await connectButton(page).click()
  await bitcoinWalletRow(page).click()
  await expect.poll(() => hookValue(page, 'network').textContent()).toBe(REGTEST_NETWORK)
  await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
  await dialog(page).waitFor({ state: 'hidden' })
}

/** Types `to` into the playground's send form and sends 0.00001 BTC; resolves with the outcome text. */
async function sendFromForm(page: Page, to: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Receiver address' }).fill(to)
  await page.getByRole('button', { name: 'Send 0.00001 BTC', exact: true }).click()
  const output = page.locator('#action-send-to')
  await expect
    .poll(() => output.textContent(), { timeout: 15_000 })
    .toMatch(/^(Failed: .+|\w{64})$/)
  return (await output.textContent())!
}

// Issue 14's proof: the playground with the devnet EVM chains and the Bitcoin regtest chain, the
// EVM and Bitcoin dev wallet extensions (auto-approve, both Bitcoin faces) side by side. Each test
// starts from a fresh page (storage emptied); balances are read from the chain, never assumed.
describe('Bitcoin in the modal, next to EVM', () => {
  const { stack, axe } = useStack({ approval: 'auto-approve', bitcoin: true })
  const payment = () => stack.bitcoin!.accounts[0]!.payment.address

  it('1. connects the Wallet Standard wallet (one row for both faces); the balance is the chain’s', async () => {
    const { page, bitcoin } = stack
    await connectButton(page).click()
    await bitcoinWalletRow(page).waitFor()
    // Both faces carry one name: Latch shows the wallet once.
    await expect(bitcoinWalletRow(page).count()).resolves.toBe(1)
    await axe.check(page, 'Connect, with an EVM and a Bitcoin wallet')
    await bitcoinWalletRow(page).click()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'caip-address').textContent()).resolves.toBe(
      `${REGTEST_CHAIN}:${payment()}`,
    )
    await expect(hookValue(page, 'network').textContent()).resolves.toBe(REGTEST_NETWORK)
    const sats = await satsOf(bitcoin!, payment())
    await expect.poll(() => hookValue(page, 'balance').textContent()).toBe(`${btcText(sats)} BTC`)
    await dialog(page).waitFor({ state: 'hidden' })
    await connectButton(page).click()
    await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
    await expect.poll(() => dialog(page).innerText()).toContain(btcText(sats).slice(0, 6))
    await axe.check(page, 'Account on Bitcoin regtest')
    axe.expectClean()
  })

  it('2. signs a message: a BIP-322 signature bip322-js verifies for the payment address', async () => {
    const { page } = stack
    await connectBitcoinWallet(page)
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const output = page.locator('#action-signature')
    await expect.poll(() => output.textContent()).toMatch(/^[A-Za-z0-9+/]+=*$/)
    const signature = (await output.textContent())!
    expect(verifiesBitcoinMessage(payment(), MESSAGE, signature)).toBe(true)
    expect(verifiesBitcoinMessage(payment(), 'another message', signature)).toBe(false)
    const other = stack.bitcoin!.accounts[1]!.payment.address
    expect(verifiesBitcoinMessage(other, MESSAGE, signature)).toBe(false)
  })

  it('3. sends BTC to a second address; a block later both balances moved by exactly that', async () => {
    const { page, bitcoin } = stack
    await connectBitcoinWallet(page)
    const to = bitcoin!.accounts[1]!.payment.address
    const [senderBefore, receiverBefore] = await Promise.all([
      satsOf(bitcoin!, payment()),
      satsOf(bitcoin!, to),
    ])
    const txid = await sendFromForm(page, to)
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    bitcoin!.mine()
    const { fee, confirmed } = await transaction(bitcoin!, txid)
    expect(confirmed).toBe(true)
    expect(fee).toBeGreaterThan(0n)
    await expect(satsOf(bitcoin!, to)).resolves.toBe(receiverBefore + SEND_SATS)
    const senderAfter = await satsOf(bitcoin!, payment())
    expect(senderBefore - senderAfter).toBe(SEND_SATS + fee)
    // The page read the balance again after the send.
    await expect
      .poll(() => hookValue(page, 'balance').textContent())
      .toBe(`${btcText(senderAfter)} BTC`)
  })

  it('5. switches to EVM through SwitchActiveChain, connects the dev wallet there, and back', async () => {
    const { page, devnet } = stack
    await connectBitcoinWallet(page)
    const bitcoin = { name: REGTEST, network: REGTEST_NETWORK, address: payment() }
    await switchToEvmAndBack(page, axe, bitcoin, devnet.accounts[0]!.address)
    axe.expectClean()
  })

  it('6. after a reload the Bitcoin wallet reconnects, on regtest', async () => {
    const { page } = stack
    await connectBitcoinWallet(page)
    await page.reload()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'network').textContent()).resolves.toBe(REGTEST_NETWORK)
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(payment())
  })

  it("8. another network's address in send: a clear error, and nothing is sent", async () => {
    const { page, bitcoin } = stack
    await connectBitcoinWallet(page)
    const before = await satsOf(bitcoin!, payment())
    const mainnet = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    await expect(sendFromForm(page, mainnet)).resolves.toBe(
      `Failed: This is a Bitcoin mainnet address: it cannot receive on ${REGTEST}`,
    )
    await expect(sendFromForm(page, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).resolves.toBe(
      'Failed: Invalid CAIP Address',
    )
    // Nothing reached the chain: the balance, mempool included, is as it was.
    await expect(satsOf(bitcoin!, payment())).resolves.toBe(before)
  })
})

// The sats-connect face alone (the in-page wallet, `?bitcoinFaces=sats-connect`), whose request
// log shows which face Latch spoke to.
describe('the sats-connect face', () => {
  const { stack } = useStack({
    approval: 'none',
    bitcoin: true,
    query: { bitcoinFaces: 'sats-connect' },
  })

  /** The methods the in-page wallet was asked, in order. */
  const walletMethods = (page: Page) =>
    page.evaluate(() =>
      (
        globalThis as unknown as { __latchBitcoinDevWallet: { requests(): { method: string }[] } }
      ).__latchBitcoinDevWallet
        .requests()
        .map((request) => request.method),
    )

  it('4. connects through sats-connect and sends with its sendTransfer', async () => {
    const { page, bitcoin } = stack
    await connectBitcoinWallet(page)
    const payment = bitcoin!.accounts[0]!.payment.address
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(payment)
    await expect(walletMethods(page)).resolves.toContain('wallet_connect')
    const to = bitcoin!.accounts[2]!.payment.address
    const receiverBefore = await satsOf(bitcoin!, to)
    const txid = await sendFromForm(page, to)
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    await expect(walletMethods(page)).resolves.toContain('sendTransfer')
    bitcoin!.mine()
    await expect(transaction(bitcoin!, txid)).resolves.toMatchObject({ confirmed: true })
    await expect(satsOf(bitcoin!, to)).resolves.toBe(receiverBefore + SEND_SATS)
  })
})

// The Bitcoin dev wallet extension in manual mode: its panel holds each request until answered.
describe('a rejection in the Bitcoin wallet', () => {
  const { stack, axe } = useStack({ approval: 'manual', bitcoin: true })

  it('7. shows the rejected state, and Retry asks again and connects', async () => {
    await rejectThenRetry(stack.page, axe, {
      row: bitcoinWalletRow(stack.page),
      method: 'bitcoin:connect',
      panel: BITCOIN_PANEL,
      address: stack.bitcoin!.accounts[0]!.payment.address,
      name: 'Bitcoin wallet',
    })
    axe.expectClean()
  })
})
