import { startDevnet, type Devnet } from '@latch/devnet'
import { createPublicClient, http, parseEther, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { hostPage, useExtensionPages } from './kit/testing/extension-pages.js'
import type { ApprovalMode } from './types.js'
import { writeExtension } from './write-extension.js'

// A host page that knows nothing about the wallet: it only speaks EIP-6963 and EIP-1193.
const pages = useExtensionPages<Devnet, ApprovalMode>({
  hostPage: hostPage(`window.wallets = []
window.addEventListener('eip6963:announceProvider', (e) => window.wallets.push(e.detail))
window.dispatchEvent(new Event('eip6963:requestProvider'))`),
  scratchPrefix: 'latch-dev-wallet-',
  startChain: () => startDevnet({ env: {} }),
  writeExtension: (outDir, devnet, approval) =>
    writeExtension({
      outDir,
      config: {
        chains: devnet.chains.map((c) => ({ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl })),
        privateKeys: devnet.accounts.slice(0, 2).map((a) => a.privateKey),
        approval,
        panelShadowMode: 'open',
      },
    }),
})

describe('the dev wallet as an unpacked Chromium extension', () => {
  it('announces itself over EIP-6963 to a page that knows nothing about it, and sends for real', async () => {
    const devnet = pages.chain()
    const page = await pages.open('auto-approve')
    const to = devnet.accounts[6]!.address as Address
    const result = await page.evaluate(async (to) => {
      const [wallet] = (
        window as unknown as {
          wallets: Array<{
            info: { rdns: string; name: string }
            provider: { request(a: object): Promise<unknown> }
          }>
        }
      ).wallets
      const { provider, info } = wallet!
      const before = await provider.request({ method: 'eth_accounts' })
      const [from] = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
      const chainId = await provider.request({ method: 'eth_chainId' })
      const hash = await provider.request({
        method: 'eth_sendTransaction',
        params: [{ from, to, value: '0xde0b6b3a7640000' }],
      })
      return {
        info,
        before,
        from,
        chainId,
        hash,
        sameAsWindowEthereum: (window as unknown as { ethereum: unknown }).ethereum === provider,
      }
    }, to)
    expect(result.info).toMatchObject({ rdns: 'io.latch.devwallet', name: 'Latch Dev Wallet' })
    expect(result.before).toEqual([])
    expect(result.chainId).toBe('0x7a69')
    expect(result.sameAsWindowEthereum).toBe(true)
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash: result.hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(parseEther('10001'))
  })

  it('in manual mode a person approves in the panel, by its accessible button', async () => {
    const devnet = pages.chain()
    const page = await pages.open('manual')
    const accounts = page.evaluate(async () => {
      const [wallet] = (
        window as unknown as {
          wallets: Array<{ provider: { request(a: object): Promise<unknown> } }>
        }
      ).wallets
      return wallet!.provider.request({ method: 'eth_requestAccounts' })
    })
    const approve = page.getByRole('button', { name: 'Approve eth_requestAccounts' })
    await approve.click()
    const [first] = (await accounts) as string[]
    expect(first?.toLowerCase()).toBe(devnet.accounts[0]!.address.toLowerCase())
    await expect(approve.count()).resolves.toBe(0)
  })
})
