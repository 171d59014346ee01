// `pnpm bench` for the budgets of issue 4, on the minimal host (the README's integration example):
// the initial JS it ships (React's share apart), ConnectButton click → Connect painted, and an
// AllWallets search keystroke → results painted with 1,000 wallets; then (issue 16) the shared
// harness's figures next to their goals (harness.mjs). Figures, not tests: a figure over its
// target never fails the run; exit code 1 means something could not be measured.
// Offline: everything is built and served from 127.0.0.1, and cleaned up on any exit.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { enMessages } from '@latch/react'
import { launchChromium } from '@latch/test-browser'
import { build, preview } from 'vite'
import { readFileSync } from 'node:fs'
import { chunkGraph, gzipSize, measureInitialJs, measureLazyJs, REACT_PACKAGES } from './size.mjs'
import {
  bitcoinWalletExtension,
  measureExtensionConnect,
  solanaWalletExtension,
} from './extension-connect.mjs'
import { measureSendReceiveBytes } from './send.mjs'
import { measureSendFlow } from './send-flow.mjs'
import { measureConnectOpen, measureSearch } from './timing.mjs'
import { table } from './table.mjs'
import { harnessStep } from './harness.mjs'
import {
  measureWalletConnect,
  startWalletConnectPeers,
  walletConnectShare,
} from './walletconnect.mjs'

const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
/**
 * `--peers` (or LATCH_BENCH_PEERS=1, which reaches it through `pnpm bench`) also builds the
 * peers' hosts of ../shared/bench/peers (minutes, once) and measures them beside Latch.
 * `--harness-only` skips issue 4's budgets and prints the shared harness's figures alone.
 */
const WITH_PEERS = process.argv.includes('--peers') || process.env.LATCH_BENCH_PEERS === '1'
const HARNESS_ONLY = process.argv.includes('--harness-only')
const KIB = 1024
const RUNS = 20
/** 4 words × 5 keys = 20 measured keystrokes; each key narrows the 1,000 names (bench page). */
const SEARCH_WORDS = ['solar', 'vault', 'frost', 'orbit']
/** Between keystrokes: a fast typist, about ten keys a second. */
const KEY_PAUSE_MS = 100
/** WalletConnect pairings are slower and each leaves a session behind: fewer runs. */
const WALLETCONNECT_RUNS = 10
/** Each Solana or Bitcoin connect starts from a reloaded page. */
const EXTENSION_RUNS = 10

/** Undo steps, newest first; a failing step is reported and never skips the rest. */
const cleanups = []
let cleaning
const cleanup = () =>
  (cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      await step().catch((error) => console.error('bench cleanup failed:', error))
    }
  })())
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => void cleanup().finally(() => process.exit(code)))
}

/**
 * The fixture is the README's integration example, byte for byte: measuring anything else would
 * give the README's readers figures that are not theirs.
 */
async function checkFixtureIsReadmeExample() {
  const readme = await readFile(join(APP_DIR, '../../README.md'), 'utf8')
  const section = readme.split('\n## A host integration\n')[1] ?? ''
  // The first tsx block is the EVM host; the second, EVM and Solana together.
  const examples = [...section.matchAll(/```tsx\n([\s\S]*?)```/g)].map((match) => match[1])
  for (const [index, file] of ['src/main.tsx', 'src/evm-solana.tsx'].entries()) {
    if (examples[index] === (await readFile(join(APP_DIR, file), 'utf8'))) continue
    throw new Error(
      `apps/minimal-host/${file} is not the README's integration example (tsx block ${index + 1} ` +
        'under "A host integration"): make them the same code again.',
    )
  }
}

/**
 * The fixture as a host builds it (its own vite.config.ts), into a throwaway directory (or
 * `overrides.outDir`, which its caller cleans up).
 */
async function buildApp(name, overrides = {}) {
  const outDir = overrides.outDir ?? (await mkdtemp(join(tmpdir(), `latch-bench-${name}-`)))
  if (!overrides.outDir) cleanups.push(() => rm(outDir, { recursive: true, force: true }))
  await build({
    root: APP_DIR,
    configFile: join(APP_DIR, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, ...overrides },
  })
  return outDir
}

/** `vite preview` of a build on 127.0.0.1, on a free port. */
async function serve(outDir) {
  const server = await preview({
    root: APP_DIR,
    configFile: false,
    logLevel: 'silent',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  })
  cleanups.push(() => server.close())
  return `http://127.0.0.1:${server.httpServer.address().port}`
}

async function openPage(browser, url, pageErrors) {
  const page = await browser.context.newPage()
  page.setDefaultTimeout(10_000)
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  await page.goto(url)
  return page
}

const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`
const ms = (value) => `${value.toFixed(1)} ms`

function report({
  size,
  lazy,
  sendReceive,
  sendFlow,
  wcShare,
  solanaAdapterGzip,
  solanaConnect,
  bitcoinConnect,
  connect,
  search,
  walletConnect,
  chromium,
}) {
  const verdict = (ok) => (ok ? 'pass' : 'over')
  const { open: sendOpen, keystroke: sendKey, confirm: sendSent } = sendFlow
  const medianP90 = ({ median, p90 }) => `${ms(median)} / ${ms(p90)}`
  const none = '–'
  const latchOk = size.latchGzip <= 45 * KIB
  const rows = [
    ['Budget (apps/minimal-host)', 'Measured', 'Target', 'Result'],
    [`Initial JS (entry + ${size.files - 1} preloaded), gzip`, kib(size.totalGzip), none, none],
    ["  React's share", kib(size.reactGzip), '(~66 KiB)', none],
    ["  Latch's share (total − React)", kib(size.latchGzip), '≤ 45 KiB', verdict(latchOk)],
    [
      `Lazy views (${lazy.viewNames.length}, in ${lazy.viewChunks} chunks), gzip`,
      kib(lazy.viewGzip),
      none,
      none,
    ],
    [
      '  WalletConnect client in it (@walletconnect/*, @latch/walletconnect)',
      kib(wcShare.initialGzip),
      '0 KiB',
      verdict(wcShare.initialGzip === 0),
    ],
    [
      `WalletConnect, lazy (${wcShare.lazyChunks} chunks, on first pairing), gzip`,
      kib(wcShare.lazyGzip),
      none,
      none,
    ],
    [
      '  Send and Receive (views, their flow) in the initial JS, gzip',
      kib(sendReceive.initialGzip),
      '0 KiB',
      verdict(sendReceive.initialGzip === 0),
    ],
    ["Send: Account's Send → form painted, median / p90", medianP90(sendOpen), none, none],
    [
      'Send: amount key → validation painted, median / p90',
      medianP90(sendKey),
      '< 16 ms',
      verdict(sendKey.median < 16),
    ],
    ['Send: Send pressed → hash on anvil, median / p90', medianP90(sendSent), none, none],
    [
      '+ solanaAdapter() and a Solana network (second example), gzip',
      kib(solanaAdapterGzip),
      '≤ 6 KiB',
      verdict(solanaAdapterGzip <= 6 * KIB),
    ],
    [
      'Click on the Solana wallet → connected (second example), median',
      ms(solanaConnect.median),
      none,
      none,
    ],
    [
      'Click on the Bitcoin wallet → connected (bench-bitcoin page), median',
      ms(bitcoinConnect.median),
      none,
      none,
    ],
    [
      'Click → Connect painted, median',
      ms(connect.median),
      '< 50 ms',
      verdict(connect.median < 50),
    ],
    [
      'Search key → results painted, median',
      ms(search.median),
      '< 16 ms',
      verdict(search.median < 16),
    ],
    [
      'WalletConnect chosen → connected, median',
      ms(walletConnect.median),
      '< 1500 ms',
      verdict(walletConnect.median < 1500),
    ],
  ]
  const top = size.packages
    .filter((entry) => !REACT_PACKAGES.includes(entry.name))
    .slice(0, 5)
    .map(
      (entry, index) => `  ${index + 1}. ${entry.name.padEnd(22)}${kib(entry.gzip).padStart(10)}`,
    )
  const words = SEARCH_WORDS.map((word) => `"${word}"`).join(', ')
  const notes = [
    `React's share: ${REACT_PACKAGES.join(' + ')}. Reference initial JS, measured elsewhere:`,
    'AppKit 1.8 (React) ~550 KiB, RainbowKit ~275 KiB, React alone ~66 KiB.',
    `Lazy views: ${lazy.viewNames.join(', ')}.`,
    `Other lazy chunks: ${lazy.otherChunks} (${kib(lazy.otherGzip)}).`,
    `Send and Receive in the initial JS: ${sendReceive.sources.map((s) => `${s.source} ${s.minified} B`).join(', ') || 'none'}`,
    `  (minified); their ${sendReceive.lazyChunks} lazy view chunks: ${kib(sendReceive.lazyGzip)}.`,
    `Send (bench-send page: a local anvil, the dev wallet in the page, connected):`,
    `  ${sendOpen.samples.length} opens from Account after a warm-up open (${ms(sendOpen.first)}, the lazy view),`,
    `  Back between them; ${sendKey.samples.length} amount keys, '0' taking ${sendKey.under} to ${sendKey.under}0 ETH, over the`,
    `  balance, and Backspace back, so each one changes the message (min ${ms(sendKey.min)}, max`,
    `  ${ms(sendKey.max)}); ${sendSent.samples.length} sends of 0.001 ETH after a warm-up send (${ms(sendSent.first)}), from the`,
    `  click on Send to anvil's block holding it (automine on, polled every 2 ms); min`,
    `  ${ms(sendSent.min)}, max ${ms(sendSent.max)}.`,
    `The walletConnect() option in the initial JS (its URLs and loader, not the client):`,
    `  ${kib(wcShare.optionGzip)}, counted in Latch's share.`,
    `Click → Connect: ${connect.samples.length} warm opens after a warm-up, closed with Escape;`,
    `  min ${ms(connect.min)}, max ${ms(connect.max)}.`,
    `Search: ${search.samples.length} keys typing ${words} (about 10 a second);`,
    `  min ${ms(search.min)}, max ${ms(search.max)}.`,
    `WalletConnect: ${walletConnect.samples.length} pairings after a warm-up, through the local relay`,
    '  (@latch/relay) with the sign-client test wallet (@latch/wc-wallet) approving in Node; from',
    '  the click on the WalletConnect row, through "Copy link" and the pairing, to the account',
    `  connected in the page; min ${ms(walletConnect.min)}, max ${ms(walletConnect.max)}.`,
  ]
  const method = [
    'Method: vite build of the fixture (its own config, a manifest, hidden source maps). Initial',
    'JS = the entry chunk and its static imports, each file gzipped (node:zlib, level 9), summed.',
    "A package's share = its bytes of those minified chunks (found by source map), gzipped on",
    'their own, scaled so that the packages add up to the real total. Timings, in the page: from',
    'the input event (a capture listener, performance.now()) until the frame that shows the',
    'result has painted (requestAnimationFrame, then a message posted from it).',
    `${chromium}, headless; the builds served by vite preview on 127.0.0.1.`,
  ]
  console.log(
    [
      '',
      table(rows),
      '',
      "Largest packages in Latch's share (gzip, estimated):",
      ...top,
      '',
      ...notes,
      '',
      ...method,
      '',
    ].join('\n'),
  )
}

/** Issue 4's budgets (and the figures added with later issues) on the fixture's builds. */
async function budgets() {
  const appOut = await buildApp('app', { manifest: true, sourcemap: 'hidden' })
  const graph = chunkGraph(appOut)
  const size = measureInitialJs(graph.initial)
  const lazy = measureLazyJs(graph.lazy)
  const wcShare = walletConnectShare(size, graph, gzipSize, readFileSync)
  const sendReceive = measureSendReceiveBytes(graph)
  console.log(
    `Built the fixture: ${graph.initial.length} initial and ${graph.lazy.length} lazy chunks.`,
  )

  // The second example: what adding solanaAdapter() costs a host at start-up.
  const solanaOut = await buildApp('evm-solana', {
    manifest: true,
    sourcemap: 'hidden',
    rolldownOptions: { input: join(APP_DIR, 'evm-solana.html') },
  })
  const solanaSize = measureInitialJs(chunkGraph(solanaOut, 'evm-solana.html').initial)
  const solanaAdapterGzip = solanaSize.latchGzip - size.latchGzip

  const benchOut = await buildApp('allwallets', {
    rolldownOptions: { input: join(APP_DIR, 'bench.html') },
  })
  const bitcoinOut = await buildApp('bitcoin', {
    rolldownOptions: { input: join(APP_DIR, 'bench-bitcoin.html') },
  })
  const walletConnectOut = await buildApp('walletconnect', {
    rolldownOptions: { input: join(APP_DIR, 'bench-walletconnect.html') },
  })
  const sendOut = await buildApp('send', {
    rolldownOptions: { input: join(APP_DIR, 'bench-send.html') },
  })
  const [appUrl, benchUrl] = [await serve(appOut), await serve(benchOut)]
  const walletConnectUrl = await serve(walletConnectOut)
  const peers = await startWalletConnectPeers()
  cleanups.push(() => peers.stop())

  const browser = await launchChromium()
  cleanups.push(() => browser.close())
  const pageErrors = []

  const app = await openPage(browser, `${appUrl}/`, pageErrors)
  const userAgent = await app.evaluate(() => navigator.userAgent)
  const chromium = `Chromium ${/Chrome\/([\d.]+)/.exec(userAgent)?.[1] ?? '(unknown version)'}`
  const connect = await measureConnectOpen(app, {
    buttonName: enMessages['connectButton.connect'],
    title: enMessages['view.Connect.title'],
    runs: RUNS,
  })
  await app.close()

  const bench = await openPage(browser, `${benchUrl}/bench.html`, pageErrors)
  const search = await measureSearch(bench, { words: SEARCH_WORDS, pauseMs: KEY_PAUSE_MS })
  await bench.close()

  const pairingPage = await openPage(
    browser,
    `${walletConnectUrl}/bench-walletconnect.html?${peers.query}`,
    pageErrors,
  )
  const walletConnect = await measureWalletConnect(pairingPage, {
    wallet: peers.wallet,
    messages: enMessages,
    runs: WALLETCONNECT_RUNS,
  })
  await pairingPage.close()

  // A browser with the Solana dev wallet extension, on the second example; nothing leaves
  // 127.0.0.1 (the example's Solana mainnet RPC is refused, not reached).
  const solanaUrl = await serve(solanaOut)
  const solanaBrowser = await launchChromium({
    extensionDir: await solanaWalletExtension(cleanups),
  })
  cleanups.push(() => solanaBrowser.close())
  await solanaBrowser.context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort())
  const solanaPage = await openPage(solanaBrowser, `${solanaUrl}/evm-solana.html`, pageErrors)
  const solanaConnect = await measureExtensionConnect(solanaPage, {
    buttonName: enMessages['connectButton.connect'],
    walletName: 'Latch Solana Dev Wallet',
    runs: EXTENSION_RUNS,
  })
  await solanaPage.close()

  // The same with the Bitcoin dev wallet extension, on a page with bitcoinAdapter().
  const bitcoinUrl = await serve(bitcoinOut)
  const bitcoinBrowser = await launchChromium({
    extensionDir: await bitcoinWalletExtension(cleanups),
  })
  cleanups.push(() => bitcoinBrowser.close())
  await bitcoinBrowser.context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort())
  const bitcoinPage = await openPage(bitcoinBrowser, `${bitcoinUrl}/bench-bitcoin.html`, pageErrors)
  const bitcoinConnect = await measureExtensionConnect(bitcoinPage, {
    buttonName: enMessages['connectButton.connect'],
    walletName: 'Latch Bitcoin Dev Wallet',
    runs: EXTENSION_RUNS,
  })
  await bitcoinPage.close()

  // Send on a local anvil chain, with its own devnet and Chromium.
  const sendFlow = await measureSendFlow({
    url: `${await serve(sendOut)}/bench-send.html`,
    cleanups,
    pageErrors,
  })

  report({
    size,
    lazy,
    sendReceive,
    sendFlow,
    wcShare,
    solanaAdapterGzip,
    solanaConnect,
    bitcoinConnect,
    connect,
    search,
    walletConnect,
    chromium,
  })
  // Figures from a page that threw are not figures of the example.
  if (pageErrors.length > 0) throw new Error(`The page threw:\n  ${pageErrors.join('\n  ')}`)
}

async function main() {
  await checkFixtureIsReadmeExample()
  if (!HARNESS_ONLY) await budgets()
  // Issue 16: the shared harness's figures, next to the goals (harness.mjs).
  await harnessStep({
    repoRoot: join(APP_DIR, '../..'),
    appDir: APP_DIR,
    cleanups,
    build: (outDir) => buildApp('harness', { outDir }),
    serve,
    withPeers: WITH_PEERS,
  })
}

try {
  await main()
  await cleanup()
} catch (error) {
  console.error('The benchmark could not measure everything:', error)
  await cleanup()
  process.exitCode = 1
}
