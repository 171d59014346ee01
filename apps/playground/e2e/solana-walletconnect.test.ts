import type { WcWallet } from '@latch/wc-wallet'
import { describe, expect, it } from 'vitest'
import { startWcWallet } from './harness.js'
import { useStack } from './use-stack.js'
import { chooseWalletConnect, copyPairingLink, dialog, hookValue, modalButton } from './modal.js'
import { verifiesSolanaMessage } from './solana-chain.js'

/** The wallet's Solana account: the local chain's fourth (the dev wallets hold the first three). */
const WALLET_ACCOUNT = 3

// Issue 13's step 8: the real sign-client wallet (Node) holds an EVM and a Solana key, pairs with
// the playground over the local relay, approves the `solana` namespace and signs there.
describe('WalletConnect on Solana', () => {
  let wallet: WcWallet
  const { stack, axe } = useStack(
    { approval: 'none', walletConnect: true, solana: true },
    {
      async beforeEach(stack) {
        wallet = await startWcWallet(stack, stack.relay!.url, WALLET_ACCOUNT)
      },
      async afterEach() {
        await wallet?.close()
      },
      localOnly: true,
    },
  )

  it('8. the wallet approves the solana namespace, and signs a message there', async () => {
    const { page } = stack
    const holder = stack.solana!.accounts[WALLET_ACCOUNT]!.address
    // Solana first: Networks (as a host opens it) → the Solana chain; then Connect → WalletConnect.
    await page.evaluate(() =>
      (globalThis as unknown as { __latch: { open(o: object): void } }).__latch.open({
        route: { view: 'Networks' },
      }),
    )
    await modalButton(page, /Latch Solana Localnet/).waitFor()
    await axe.check(page, 'Networks, EVM and Solana')
    // With no wallet connected anywhere there is nothing to switch: the network just changes.
    await modalButton(page, /Latch Solana Localnet/).click()
    await expect
      .poll(() => hookValue(page, 'network').textContent())
      .toBe('Latch Solana Localnet (solana:localnet)')
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden' })
    await chooseWalletConnect(page)
    await wallet.pair(await copyPairingLink(page))

    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'caip-address').textContent()).resolves.toBe(
      `solana:localnet:${holder}`,
    )
    await expect(hookValue(page, 'network').textContent()).resolves.toBe(
      'Latch Solana Localnet (solana:localnet)',
    )
    await dialog(page).waitFor({ state: 'hidden' })
    expect(wallet.sessions[0]?.namespaces.solana?.accounts).toEqual([`solana:localnet:${holder}`])

    await page.getByRole('button', { name: 'Sign a message' }).click()
    const output = page.locator('#action-signature')
    await expect.poll(() => output.textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    await expect(
      verifiesSolanaMessage(
        holder,
        (await output.textContent())!,
        'Hello from the Latch playground',
      ),
    ).resolves.toBe(true)
    expect(
      wallet.requests.filter((r) => r.method === 'solana_signMessage').map((r) => r.chainId),
    ).toEqual(['solana:localnet'])
    axe.expectClean()
  })
})
