import type { SolanaDevnet } from '@latch/solana-devnet'
import { launchChromium, type LaunchedBrowser } from '@latch/test-browser'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balance, startTestDevnet, transferBytes } from './test/devnet.js'
import type { ApprovalPolicy } from './types.js'
import { writeExtension } from './write-extension.js'

// A host page that knows nothing about the wallet: it only speaks the Wallet Standard's two
// events, as @wallet-standard/app does (an app that starts after the wallet).
const HOST_PAGE = `<!doctype html><title>Host</title><script>
window.wallets = []
const api = Object.freeze({ register: (...wallets) => (window.wallets.push(...wallets), () => {}) })
window.addEventListener('wallet-standard:register-wallet', ({ detail }) => detail(api))
window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
</script>`

interface PageWallet {
  name: string
  features: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>
}

let devnet: SolanaDevnet
let server: Server
let origin: string
const opened: Array<{ browser: LaunchedBrowser; dir: string }> = []

beforeAll(async () => {
  devnet = await startTestDevnet()
  server = createServer((_, res) => res.setHeader('content-type', 'text/html').end(HOST_PAGE))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(async () => {
  for (const { browser, dir } of opened) {
    await browser.close()
    await rm(dir, { recursive: true, force: true })
  }
  server?.close()
  await devnet?.stop()
})

async function openHostPage(approval: ApprovalPolicy) {
  const dir = await mkdtemp(join(tmpdir(), 'latch-solana-wallet-'))
  await writeExtension({
    outDir: dir,
    config: {
      rpcUrl: devnet.rpcUrl,
      accounts: devnet.accounts.slice(0, 2),
      approval,
      panelShadowMode: 'open',
    },
  })
  const browser = await launchChromium({ extensionDir: dir })
  opened.push({ browser, dir })
  const page = await browser.context.newPage()
  await page.goto(origin)
  await page.waitForFunction(() => (window as unknown as { wallets: unknown[] }).wallets.length > 0)
  return page
}

describe('the Solana dev wallet as an unpacked Chromium extension', () => {
  it('registers with a page that knows nothing about it, and signs and sends for real', async () => {
    const page = await openHostPage('auto-approve')
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
    const page = await openHostPage('manual')
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
