// "Click on the <namespace> wallet → connected" (issues 13 and 14): a dev wallet extension
// approves by itself, and the figure runs from the click on its row (a capture listener) to the
// first frame painted after the modal closed, which core does once the wallet's account is the
// active one. Solana on the README's second example (EVM and Solana); Bitcoin on a bench page
// with bitcoinAdapter() and the regtest network.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { solanaDevnetAccounts } from '@latch/solana-devnet/browser'
import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { writeExtension as writeBitcoinExtension } from '@latch/bitcoin-wallet/extension'
import { writeExtension } from '@latch/solana-wallet/extension'
import { summarize } from './timing.mjs'

/* global window, document, requestAnimationFrame, MutationObserver */

async function extensionDir(cleanups, name) {
  const outDir = await mkdtemp(join(tmpdir(), `latch-bench-${name}-wallet-`))
  cleanups.push(() => rm(outDir, { recursive: true, force: true }))
  return outDir
}

/** The Solana dev wallet extension, auto-approving; `cleanups` removes its directory. */
export async function solanaWalletExtension(cleanups) {
  const outDir = await extensionDir(cleanups, 'solana')
  // Connecting asks no RPC: the URL is never reached in this figure.
  const config = { rpcUrl: 'http://127.0.0.1:9', accounts: solanaDevnetAccounts().slice(0, 1) }
  await writeExtension({ outDir, config: { ...config, approval: 'auto-approve' } })
  return outDir
}

/** The Bitcoin dev wallet extension (both faces), auto-approving; `cleanups` removes its directory. */
export async function bitcoinWalletExtension(cleanups) {
  const outDir = await extensionDir(cleanups, 'bitcoin')
  // Connecting reads no coins: the Esplora URL is never reached by the wallet in this figure.
  const config = {
    esploraUrl: 'http://127.0.0.1:9/api',
    accounts: bitcoinDevnetAccounts().slice(0, 1),
  }
  await writeBitcoinExtension({ outDir, config: { ...config, approval: 'auto-approve' } })
  return outDir
}

/** Runs in the page: resolves with the ms from the next click to the paint after the modal closed. */
function armConnectProbe(timeoutMs) {
  const dialog = document.querySelector('latch-modal')?.shadowRoot?.querySelector('dialog')
  if (!dialog) throw new Error('No modal dialog in the page')
  window.__latchBench = new Promise((resolve, reject) => {
    let startedAt
    const timer = setTimeout(() => reject(new Error('not connected in time')), timeoutMs)
    const observer = new MutationObserver(() => {
      if (startedAt === undefined || dialog.open) return
      observer.disconnect()
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          clearTimeout(timer)
          resolve(performance.now() - startedAt)
        }
        channel.port2.postMessage(null)
      })
    })
    observer.observe(dialog, { attributes: true, attributeFilter: ['open'] })
    window.addEventListener('click', () => (startedAt = performance.now()), {
      capture: true,
      once: true,
    })
  })
}

/**
 * Each run starts as a first visit (the page's storage emptied, so neither Latch nor the wallet
 * remembers the other), opens Connect, and clicks the wallet's row.
 */
export async function measureExtensionConnect(page, { buttonName, walletName, runs }) {
  const samples = []
  for (let run = 0; run <= runs; run++) {
    await page.evaluate(() => window.localStorage.clear())
    await page.reload()
    await page.getByRole('button', { name: buttonName, exact: true }).click()
    const row = page.locator('latch-modal').getByRole('button', { name: new RegExp(walletName) })
    await row.waitFor()
    await page.evaluate(armConnectProbe, 10_000)
    await row.click()
    const elapsed = await page.evaluate(() => window.__latchBench)
    if (run > 0) samples.push(elapsed)
  }
  return summarize(samples)
}
