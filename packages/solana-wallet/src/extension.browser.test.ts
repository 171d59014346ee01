import {
  hostPage,
  useExtensionPages,
  WALLET_STANDARD_HOST_SCRIPT,
} from '@latch/dev-wallet/kit/testing/browser'
import type { SolanaDevnet } from '@latch/solana-devnet'
import { describe, expect, it } from 'vitest'
import { balance, startTestDevnet, transferBytes } from './test/devnet.js'
import type { ApprovalPolicy } from './types.js'
import { writeExtension } from './write-extension.js'

interface PageWallet {
  name: string
  features: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>
}

// A host page that knows nothing about the wallet: it only speaks the Wallet Standard's two
// events, as @wallet-standard/app does (an app that starts after the wallet).
const pages = useExtensionPages<SolanaDevnet, ApprovalPolicy>({
  hostPage: hostPage(WALLET_STANDARD_HOST_SCRIPT),
  scratchPrefix: 'latch-solana-wallet-',
  startChain: startTestDevnet,
  writeExtension: (outDir, devnet, approval) =>
    writeExtension({
      outDir,
      config: {
        rpcUrl: devnet.rpcUrl,
        accounts: devnet.accounts.slice(0, 2),
        approval,
        panelShadowMode: 'open',
      },
    }),
})

describe('the Solana dev wallet as an unpacked Chromium extension', () => {
  it('registers with a page that knows nothing about it, and signs and sends for real', async () => {
    const devnet = pages.chain()
    const page = await pages.open('auto-approve')
    const from = devnet.accounts[0]!.address
    const to = devnet.accounts[4]!.address
    const unsigned = [...(await transferBytes(devnet.rpcUrl, from, to, 2_000_000n))]
    const before = await balance(devnet.rpcUrl, to)
    const result = await page.evaluate(async (transaction) => {
      const [wallet] = (window as unknown as { wallets: PageWallet[] }).wallets
      const { accounts } = (await wallet!.features['standard:connect']!.connect!()) as {
        accounts: Array<{ address: string }>
      }
      const [output] = (await wallet!.features['solana:signAndSendTransaction']!
        .signAndSendTransaction!({
        account: accounts[0],
        chain: 'solana:localnet',
        transaction: Uint8Array.from(transaction),
      })) as Array<{ signature: Uint8Array }>
      return {
        name: wallet!.name,
        address: accounts[0]!.address,
        signature: output!.signature.length,
      }
    }, unsigned)
    expect(result).toEqual({ name: 'Latch Solana Dev Wallet', address: from, signature: 64 })
    expect(await balance(devnet.rpcUrl, to)).toBe(before + 2_000_000n)
  })

  it('in manual mode a person approves in the panel, by its accessible button', async () => {
    const devnet = pages.chain()
    const page = await pages.open('manual')
    const connected = page.evaluate(async () => {
      const [wallet] = (window as unknown as { wallets: PageWallet[] }).wallets
      const { accounts } = (await wallet!.features['standard:connect']!.connect!()) as {
        accounts: Array<{ address: string }>
      }
      return accounts.map((account) => account.address)
    })
    const approve = page.getByRole('button', { name: 'Approve standard:connect' })
    await approve.click()
    expect(await connected).toEqual([devnet.accounts[0]!.address])
    await expect(approve.count()).resolves.toBe(0)
  })
})
