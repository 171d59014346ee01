import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useStack } from './use-stack.js'
import { t } from './messages.js'
import {
  connectButton,
  devWalletRow,
  dialog,
  hookValue,
  modalButton,
  solanaWalletRow,
  title,
} from './modal.js'
import { chooseNetwork, rejectThenRetry, switchToEvmAndBack } from './namespaces.js'
import {
  airdropOddAmount,
  solBalance,
  solText,
  splHoldings,
  verifiesSolanaMessage,
} from './solana-chain.js'

const SOLANA = 'Latch Solana Localnet'
const SOLANA_NETWORK = `${SOLANA} (solana:localnet)`
const SOLANA_PANEL = 'latch-solana-dev-wallet-panel'

/** Opens the modal from the ConnectButton and picks the Solana dev wallet; waits for the account. */
async function connectSolanaWallet(page: Page) {
  await connectButton(page).click()
  await solanaWalletRow(page).click()
  await expect.poll(() => hookValue(page, 'network').textContent()).toBe(SOLANA_NETWORK)
  await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
  await dialog(page).waitFor({ state: 'hidden' })
}

async function openAccount(page: Page) {
  await connectButton(page).click()
  await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
}

// Issue 13's proof: the playground configured with the two devnet EVM chains and the local
// Solana chain, the EVM and Solana dev wallet extensions (auto-approve) loaded side by side.
// Each test starts from a fresh page (storage emptied) and makes the connections it needs.
describe('EVM and Solana in one modal', () => {
  const { stack, axe } = useStack(
    { approval: 'auto-approve', solana: true },
    {
      async started(stack) {
        await airdropOddAmount(stack.solana!, stack.solana!.accounts[0]!.address)
      },
    },
  )
  const solanaAccount = () => stack.solana!.accounts[0]!.address

  it('1. connects the Solana wallet extension, and Solana becomes the active namespace', async () => {
    const { page } = stack
    await connectButton(page).click()
    await solanaWalletRow(page).waitFor()
    await axe.check(page, 'Connect, with an EVM and a Solana wallet')
    await solanaWalletRow(page).click()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'caip-address').textContent()).resolves.toBe(
      `solana:localnet:${solanaAccount()}`,
    )
    await expect(hookValue(page, 'network').textContent()).resolves.toBe(SOLANA_NETWORK)
    await dialog(page).waitFor({ state: 'hidden' })
    axe.expectClean()
  })

  it('2. shows the SOL and SPL balances the local chain holds', async () => {
    const { page, solana } = stack
    await connectSolanaWallet(page)
    const lamports = await solBalance(solana!, solanaAccount())
    await expect
      .poll(() => hookValue(page, 'balance').textContent())
      .toBe(`${solText(lamports)} SOL`)
    const symbols = new Map<string, string>(
      [solana!.mint, solana!.token2022Mint].map((m) => [m.address, m.symbol]),
    )
    const holdings = await splHoldings(solana!, solanaAccount())
    expect(holdings.length).toBe(2)
    await expect
      .poll(() => hookValue(page, 'tokens').textContent())
      .toBe(holdings.map((h) => `${h.amount} ${symbols.get(h.mint)}`).join(', '))
    await openAccount(page)
    await expect.poll(() => dialog(page).innerText()).toContain(`${solText(lamports).slice(0, 8)}`)
    await axe.check(page, 'Account on Solana')
    axe.expectClean()
  })

  it('3. signs a message with the Solana wallet: an ed25519 signature of its key', async () => {
    const { page } = stack
    await connectSolanaWallet(page)
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const output = page.locator('#action-signature')
    await expect.poll(() => output.textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    const signature = (await output.textContent())!
    await expect(
      verifiesSolanaMessage(solanaAccount(), signature, 'Hello from the Latch playground'),
    ).resolves.toBe(true)
    await expect(
      verifiesSolanaMessage(solanaAccount(), signature, 'another message'),
    ).resolves.toBe(false)
  })

  it("4. sends SOL with the adapter's send; both balances change on the chain and in the page", async () => {
    const { page, solana } = stack
    await connectSolanaWallet(page)
    const to = solana!.accounts[4]!.address
    const [senderBefore, receiverBefore] = await Promise.all([
      solBalance(solana!, solanaAccount()),
      solBalance(solana!, to),
    ])
    const signature = await page.evaluate(
      ({ to, value }) =>
        (
          globalThis as unknown as {
            __latch: { sendTransaction(t: { to: string; value: bigint }): Promise<string> }
          }
        ).__latch.sendTransaction({ to, value: BigInt(value) }),
      { to, value: '1234567' },
    )
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    const senderAfter = await solBalance(solana!, solanaAccount())
    await expect(solBalance(solana!, to)).resolves.toBe(receiverBefore + 1_234_567n)
    // The sender paid the amount and a fee (5000 lamports a signature), nothing else.
    expect(senderBefore - senderAfter - 1_234_567n).toBe(5_000n)
    await expect
      .poll(() => hookValue(page, 'balance').textContent())
      .toBe(`${solText(senderAfter)} SOL`)
  })

  it('5. switches to EVM through SwitchActiveChain, connects the dev wallet there, and back', async () => {
    const { page, devnet } = stack
    await connectSolanaWallet(page)
    const solana = { name: SOLANA, network: SOLANA_NETWORK, address: solanaAccount() }
    await switchToEvmAndBack(page, axe, solana, devnet.accounts[0]!.address)
    axe.expectClean()
  })

  it('6. after a reload both wallets reconnect, on the network that was active', async () => {
    const { page, devnet } = stack
    await connectSolanaWallet(page)
    await chooseNetwork(page, SOLANA, /Latch Devnet A/)
    await modalButton(page, t('view.SwitchActiveChain.continue')).click()
    await devWalletRow(page).click()
    await expect
      .poll(() => hookValue(page, 'address').textContent())
      .toBe(devnet.accounts[0]!.address)

    await page.reload()
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'network').textContent()).resolves.toBe(
      'Latch Devnet A (eip155:31337)',
    )
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(
      devnet.accounts[0]!.address,
    )
    // The Solana wallet reconnected too: choosing Solana needs no new connection.
    await chooseNetwork(page, 'Latch Devnet A', new RegExp(SOLANA))
    await expect.poll(() => hookValue(page, 'address').textContent()).toBe(solanaAccount())
    expect(await title(page).textContent()).not.toBe(t('view.Connect.title'))
  })
})

// The Solana dev wallet extension in manual mode: its panel holds each request until answered.
describe('a rejection in the Solana wallet', () => {
  const { stack, axe } = useStack({ approval: 'manual', solana: true })

  it('7. shows the rejected state, and Retry asks again and connects', async () => {
    await rejectThenRetry(stack.page, axe, {
      row: solanaWalletRow(stack.page),
      method: 'standard:connect',
      panel: SOLANA_PANEL,
      address: stack.solana!.accounts[0]!.address,
      name: 'Solana wallet',
    })
    axe.expectClean()
  })
})
