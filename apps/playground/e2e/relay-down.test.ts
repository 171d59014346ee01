import { startRelay, type LocalRelay } from '@latch/relay'
import type { WcWallet } from '@latch/wc-wallet'
import { describe, expect, it } from 'vitest'
import { startWcWallet } from './harness.js'
import { useStack } from './use-stack.js'
import { t } from './messages.js'
import { chooseWalletConnect, copyPairingLink, dialog, hookValue, modalButton } from './modal.js'

// A relay that cannot be reached must not leave the QR view spinning for the minute and more that
// sign-client keeps retrying: core gives up after PAIRING_RELAY_WAIT_MS (15 s) and offers Try
// again, which pairs once the relay is back.
describe('WalletConnect with the relay down', () => {
  /** The relay a test brought back on the stack's port, and the wallet it paired with there. */
  let relay: LocalRelay | undefined
  let wallet: WcWallet | undefined
  const { stack, axe } = useStack(
    { approval: 'none', walletConnect: true },
    {
      async started(stack) {
        await stack.relay!.stop()
      },
      async afterEach() {
        await wallet?.close()
        // Down again for the next test, whichever it is.
        await relay?.stop()
        wallet = relay = undefined
      },
      localOnly: true,
    },
  )

  /** Chooses WalletConnect with the relay down and waits for the view to give up. */
  async function waitForFailure() {
    const { page } = stack
    await chooseWalletConnect(page)
    await dialog(page).getByText(t('pairing.preparing')).waitFor()
    await dialog(page)
      .getByRole('heading', { name: t('pairing.failed') })
      .waitFor({ timeout: 30_000 })
    await dialog(page).getByText(t('error.RELAY_UNREACHABLE')).waitFor()
  }

  it('shows "Connection failed" and why, instead of an endless spinner', async () => {
    await waitForFailure()
    await axe.check(stack.page, 'ConnectingWalletConnect (relay unreachable)')
    axe.expectClean()
  })

  it('Try again pairs once the relay is back', async () => {
    const { page } = stack
    await waitForFailure()
    const { port } = stack.relay!
    relay = await startRelay({ port })
    wallet = await startWcWallet(stack, relay.url, 5)
    await modalButton(page, t('pairing.retry')).click()
    const uri = await copyPairingLink(page)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair(uri)
    await expect.poll(() => hookValue(page, 'status').textContent()).toBe('connected')
    await expect(hookValue(page, 'address').textContent()).resolves.toBe(
      stack.devnet.accounts[5]!.address,
    )
  })
})
