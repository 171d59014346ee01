// Choosing WalletConnect → connected, through the local relay in Chromium, with the real
// sign-client wallet (@latch/wc-wallet) approving on the other end. Each run: open the modal,
// note the time, choose WalletConnect, copy the pairing link (as a person would), the wallet
// pairs and approves, and the page reports the account connected; then it disconnects.

/* global window */

import { createWcWallet } from '@latch/wc-wallet'
import { startRelay } from '@latch/relay'
import { WALLETCONNECT_OPTION } from './size.mjs'
import { summarize } from './timing.mjs'

/** Starts the relay and the wallet; `stop` undoes both. */
export async function startWalletConnectPeers() {
  const relay = await startRelay()
  const wallet = await createWcWallet({
    relayUrl: relay.url,
    // anvil's well-known test account #0: nothing is signed or sent in this benchmark.
    accountIndex: 0,
    rpcUrls: { 31337: 'http://127.0.0.1:8545' },
    policy: { proposals: 'approve', requests: 'approve' },
  })
  return {
    relay,
    wallet,
    query: new URLSearchParams({ relay: relay.url, verify: relay.verifyUrl }).toString(),
    async stop() {
      await wallet.close().catch(() => undefined)
      await relay.stop()
    },
  }
}

/**
 * `runs` measured pairings after one warm-up, on a page of bench-walletconnect.html served with
 * the relay's query. Names come from the English catalogue, as a user reads them.
 */
export async function measureWalletConnect(page, { wallet, messages, runs }) {
  const origin = new URL(page.url()).origin
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  const modal = page.locator('latch-modal').getByRole('dialog')
  const samples = []
  for (let run = 0; run <= runs; run++) {
    await page.getByRole('button', { name: messages['connectButton.connect'], exact: true }).click()
    const row = modal.getByRole('button', { name: /^WalletConnect/ })
    await row.waitFor()
    const startedAt = await page.evaluate(() => performance.now())
    await row.click()
    await modal.getByRole('button', { name: messages['pairing.copy'] }).click()
    const uri = await page.evaluate(() => navigator.clipboard.readText())
    await wallet.pair(uri)
    await page.waitForFunction(() => window.__latchWalletConnectBench.connectedAt !== undefined)
    const connectedAt = await page.evaluate(() => window.__latchWalletConnectBench.connectedAt)
    if (run > 0) samples.push(connectedAt - startedAt)
    await page.evaluate(() => window.__latchWalletConnectBench.disconnect())
    await page.waitForFunction(() => window.__latchWalletConnectBench.connectedAt === undefined)
  }
  return summarize(samples)
}

/** The client: @latch/walletconnect's own code (its entry's option factory apart, see size.mjs). */
const isWalletConnectClient = (name) =>
  name === '@latch/walletconnect' || name.startsWith('@walletconnect/')

/**
 * How much of the WalletConnect client the fixture ships at start (must be none: a host that
 * never pairs downloads none of it), what the `walletConnect()` option itself weighs there, and
 * the chunks its dynamic import loads.
 */
export function walletConnectShare(size, graph, gzipSize, readFileSync) {
  const initialGzip = size.packages
    .filter((entry) => isWalletConnectClient(entry.name))
    .reduce((sum, entry) => sum + entry.gzip, 0)
  const optionGzip = size.packages
    .filter((entry) => entry.name === WALLETCONNECT_OPTION)
    .reduce((sum, entry) => sum + entry.gzip, 0)
  const lazyChunks = graph.lazy.filter(({ loadedBy }) => /walletconnect/i.test(loadedBy))
  const lazyGzip = lazyChunks.reduce((sum, { file }) => sum + gzipSize(readFileSync(file)), 0)
  return { initialGzip, optionGzip, lazyGzip, lazyChunks: lazyChunks.length }
}
