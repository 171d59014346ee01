import { startBitcoinDevnet, type BitcoinDevnet } from '@latch/bitcoin-devnet'
import {
  hostPage,
  useExtensionPages,
  WALLET_STANDARD_HOST_SCRIPT,
} from '@latch/dev-wallet/kit/testing/browser'
import { Verifier } from 'bip322-js'
import { describe, expect, it } from 'vitest'
import { balanceOf, mempool } from './test/devnet.js'
import type { ApprovalPolicy } from './types.js'
import { writeExtension } from './write-extension.js'

interface PageWindow {
  wallets: Array<{
    name: string
    features: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>
  }>
  btc_providers: Array<{ id: string; name: string }>
  satsProvider(): { request(method: string, params?: unknown): Promise<Record<string, unknown>> }
}

// A host page that knows nothing about the wallet: it speaks the Wallet Standard's two events,
// as @wallet-standard/app does (an app that starts after the wallet), and reads WBIP-004's
// window.btc_providers, as sats-connect's getProviders() does.
const pages = useExtensionPages<BitcoinDevnet, ApprovalPolicy>({
  hostPage: hostPage(`${WALLET_STANDARD_HOST_SCRIPT}
window.satsProvider = () => window[window.btc_providers[0].id]`),
  scratchPrefix: 'latch-bitcoin-wallet-',
  startChain: () => startBitcoinDevnet({ port: 0 }),
  writeExtension: (outDir, devnet, approval) =>
    writeExtension({
      outDir,
      config: {
        esploraUrl: devnet.esploraUrl,
        accounts: devnet.accounts.slice(0, 2),
        approval,
        panelShadowMode: 'open',
      },
    }),
})

describe('the Bitcoin dev wallet as an unpacked Chromium extension', () => {
  it('shows both faces to a page that knows nothing about it, signs for real and sends on the devnet', async () => {
    const devnet = pages.chain()
    const page = await pages.open('auto-approve')
    const message = 'Hello from Latch in Chromium'
    const to = devnet.accounts[1]!.payment.address
    const before = await balanceOf(devnet, to)
    const result = await page.evaluate(
      async ({ message, to }) => {
        const { wallets, btc_providers, satsProvider } = window as unknown as PageWindow
        const [wallet] = wallets
        const { accounts } = (await wallet!.features['bitcoin:connect']!.connect!({
          purposes: ['payment', 'ordinals'],
        })) as { accounts: Array<{ address: string }> }
        const provider = satsProvider()
        const signed = (await provider.request('signMessage', {
          address: accounts[1]!.address,
          message,
          protocol: 'BIP322',
        })) as { result: { signature: string } }
        const sent = (await provider.request('sendTransfer', {
          recipients: [{ address: to, amount: 25_000 }],
        })) as { result: { txid: string } }
        return {
          names: [wallet!.name, btc_providers[0]!.name],
          addresses: accounts.map((account) => account.address),
          signature: signed.result.signature,
          txid: sent.result.txid,
        }
      },
      { message, to },
    )
    const [own] = devnet.accounts
    expect(result.names).toEqual(['Latch Bitcoin Dev Wallet', 'Latch Bitcoin Dev Wallet'])
    expect(result.addresses).toEqual([own!.payment.address, own!.ordinals.address])
    expect(Verifier.verifySignature(own!.ordinals.address, message, result.signature)).toBe(true)
    expect(await mempool(devnet)).toContain(result.txid)
    devnet.mine(1)
    expect(await balanceOf(devnet, to)).toBe(before + 25_000)
  })

  it('in manual mode a person answers in the panel, by its accessible buttons', async () => {
    const devnet = pages.chain()
    const page = await pages.open('manual')
    const ask = () =>
      page.evaluate(async () => {
        const provider = (window as unknown as PageWindow).satsProvider()
        return provider.request('getAddresses', { purposes: ['payment'] })
      })
    const rejected = ask()
    await page.getByRole('button', { name: 'Reject getAddresses' }).click()
    expect(await rejected).toMatchObject({ error: { code: -32000 } })

    const approved = ask()
    const approve = page.getByRole('button', { name: 'Approve getAddresses' })
    await approve.click()
    expect(await approved).toMatchObject({
      result: { addresses: [{ address: devnet.accounts[0]!.payment.address }] },
    })
    await expect(approve.count()).resolves.toBe(0)
  })
})
