// `pnpm bench` for issue 11's modal figure: the Tokens tab, from click to painted. Measured on the
// playground as `npm start` runs it (the devnet, the Latch server on PGlite, the production build,
// the in-page dev wallet whose wallet_getAssets lists the devnet's tokens, priced by the server),
// in headless Chromium. Two clicks: the connected ConnectButton (the Account view opens on
// Tokens) and the Tokens tab itself (from NFTs). "Painted": every token row is on screen with the
// USD total, and the frame that shows them has been drawn. A figure, not a test: exit code 1
// means something could not be measured. Offline: everything listens on 127.0.0.1.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDevnet } from '@latch/devnet'
import { enMessages } from '@latch/react'
import { launchChromium } from '@latch/test-browser'
import { build, preview, runnerImport } from 'vite'

/* global window, document, requestAnimationFrame, MutationObserver */

const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = 20

const cleanups = []
const cleanup = async () => {
  for (const step of cleanups.reverse()) {
    await step().catch((error) => console.error('bench cleanup failed:', error))
  }
}

/** The playground's TypeScript server helpers, through Vite's module runner (Node runs no TS). */
async function load(path) {
  const { module } = await runnerImport(join(APP_DIR, path), {
    root: APP_DIR,
    configFile: false,
    logLevel: 'warn',
  })
  return module
}

/**
 * Runs in the page: arms one measurement, from the next click (a capture listener on window,
 * before any handler) until the Account view shows the Tokens tab with `rows` token rows and the
 * total, then until that frame has painted. `window.__tokensBench` is the elapsed milliseconds.
 */
function armProbe({ title, tab, list, total, rows, timeoutMs }) {
  const root = document.querySelector('latch-modal')?.shadowRoot
  if (!root) throw new Error('No <latch-modal> shadow root in the page')
  const painted = () => {
    const dialog = root.querySelector('dialog')
    if (!dialog?.open || dialog.querySelector('h2')?.textContent !== title) return false
    const panel = [...dialog.querySelectorAll('[role="tabpanel"]')].find(
      (candidate) =>
        !candidate.hidden &&
        root.getElementById(candidate.getAttribute('aria-labelledby') ?? '')?.textContent === tab,
    )
    const shown = panel?.querySelectorAll(`ul[aria-label="${list}"] > li`).length ?? 0
    return shown >= rows && panel.textContent.includes(total)
  }
  window.__tokensBench = new Promise((resolve, reject) => {
    let startedAt
    const observer = new MutationObserver(() => check())
    const timer = setTimeout(() => {
      observer.disconnect()
      reject(new Error(`The Tokens tab was not painted within ${timeoutMs} ms`))
    }, timeoutMs)
    const check = () => {
      if (!painted()) return
      observer.disconnect()
      // A message posted from requestAnimationFrame runs right after that frame's paint.
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          clearTimeout(timer)
          resolve(performance.now() - startedAt)
        }
        channel.port2.postMessage(null)
      })
    }
    window.addEventListener(
      'click',
      () => {
        startedAt = performance.now()
        observer.observe(root, { subtree: true, childList: true, attributes: true })
        // The click's own handlers run after this listener: check once they have.
        setTimeout(check, 0)
      },
      { capture: true, once: true },
    )
  })
  window.__tokensBench.catch(() => undefined)
}

/** Runs in the page: two frames, so the page is idle before the next click. */
function settle() {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined))),
  )
}

function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  return { median, min: sorted[0], max: sorted.at(-1) }
}

async function measure(page, probe, click) {
  await page.evaluate(armProbe, { timeoutMs: 10_000, ...probe })
  await click()
  return page.evaluate(() => window.__tokensBench)
}

async function main() {
  const { startPlaygroundServer, devnetWalletTokens } = await load('server/latch-server.ts')
  const { playgroundConfigPlugin } = await load('server/playground-config.ts')
  const devnet = await startDevnet({ env: {} })
  cleanups.push(() => devnet.stop())
  const server = await startPlaygroundServer(devnet, { storage: 'memory' })
  cleanups.push(() => server.close())
  const tokens = devnetWalletTokens(devnet)
  const chain = devnet.chains[0]
  const config = {
    chains: devnet.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
    privateKeys: [devnet.accounts[0].privateKey],
    tokens,
    serverUrl: server.url,
  }

  const outDir = await mkdtemp(join(tmpdir(), 'latch-bench-playground-'))
  cleanups.push(() => rm(outDir, { recursive: true, force: true }))
  await build({
    root: APP_DIR,
    configFile: join(APP_DIR, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  })
  const site = await preview({
    root: APP_DIR,
    configFile: false,
    logLevel: 'silent',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
    plugins: [playgroundConfigPlugin(() => config)],
  })
  cleanups.push(() => site.close())

  const browser = await launchChromium()
  cleanups.push(() => browser.close())
  const page = await browser.context.newPage()
  page.setDefaultTimeout(20_000)
  const pageErrors = []
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  await page.goto(`http://127.0.0.1:${site.httpServer.address().port}/`)

  const m = enMessages
  const dialog = page.locator('latch-modal').getByRole('dialog')
  await page.getByRole('button', { name: m['connectButton.connect'], exact: true }).click()
  await dialog.getByRole('button', { name: /Latch Dev Wallet/ }).click()
  await page.waitForFunction(
    () => document.querySelector('#account-status')?.textContent === 'connected',
  )
  await dialog.waitFor({ state: 'hidden' })
  // The account's button once connected: the one whose name ends in the short address.
  const address = devnet.accounts[0].address
  const accountButton = page.getByRole('button', { name: new RegExp(`${address.slice(-4)}$`) })

  const probe = {
    title: m['view.Account.title'],
    tab: m['view.Account.tab.tokens'],
    list: m['view.Account.tokens.list'],
    total: m['view.Account.tokens.total'],
    // The native token and every test token the wallet lists (the server prices them).
    rows: 1 + (tokens[chain.chainId]?.length ?? 0),
  }
  const open = []
  const tab = []
  let firstOpen = 0
  for (let run = 0; run <= RUNS; run++) {
    const opened = await measure(page, probe, () => accountButton.click())
    await dialog.getByRole('tab', { name: m['view.Account.tab.nfts'] }).click()
    await page.evaluate(settle)
    const switched = await measure(page, probe, () =>
      dialog.getByRole('tab', { name: m['view.Account.tab.tokens'] }).click(),
    )
    // The first open is the first Account view of the page: kept apart from the warm runs.
    if (run === 0) firstOpen = opened
    else {
      open.push(opened)
      tab.push(switched)
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await page.evaluate(settle)
  }
  if (pageErrors.length > 0) throw new Error(`The page threw:\n  ${pageErrors.join('\n  ')}`)

  const userAgent = await page.evaluate(() => navigator.userAgent)
  const ms = (value) => `${value.toFixed(1)} ms`
  const line = (label, { median, min, max }) =>
    `  ${label.padEnd(58)}${ms(median).padStart(10)}   (min ${ms(min)}, max ${ms(max)})`
  console.log(
    [
      '',
      'Modal: the Tokens tab, from click to painted (apps/playground, issue 11)',
      line(`ConnectButton click → Account, Tokens painted, median of ${RUNS}`, summarize(open)),
      `  ${'  its first open on the page'.padEnd(58)}${ms(firstOpen).padStart(10)}`,
      line(`Tokens tab click (from NFTs) → painted, median of ${RUNS}`, summarize(tab)),
      '',
      `Painted: ${probe.rows} token rows (ETH and the devnet's test tokens, from the dev wallet's`,
      "wallet_getAssets, priced by the Latch server's portfolio) and the USD total on screen, then",
      'the frame that shows them drawn (requestAnimationFrame, then a message posted from it).',
      `Chromium ${/Chrome\/([\d.]+)/.exec(userAgent)?.[1] ?? '(unknown version)'}, headless; the production build on vite preview.`,
      '',
    ].join('\n'),
  )
}

try {
  await main()
  await cleanup()
} catch (error) {
  console.error('The Tokens tab benchmark could not measure everything:', error)
  await cleanup()
  process.exitCode = 1
}
