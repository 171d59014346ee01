// What the social logins' benches share (bench/social.mjs; a Farcaster one can take the same):
// the playground as `npm start` runs it (its production build, the devnet, the Latch server on
// PGlite with its secure frame), opened in headless Chromium on localhost while the frame is on
// 127.0.0.1, and the in-page probe of "connected". Offline: everything listens on 127.0.0.1.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDevnet } from '@latch/devnet'
import { enMessages } from '@latch/react'
import { launchChromium } from '@latch/test-browser'
import { build, preview, runnerImport } from 'vite'

/* global document, requestAnimationFrame, MutationObserver */

export const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Undo steps, run newest first; a failing step is reported and never skips the rest. */
export function cleanupSteps() {
  const steps = []
  return {
    push: (step) => void steps.push(step),
    run: async () => {
      for (const step of steps.reverse()) {
        await step().catch((error) => console.error('bench cleanup failed:', error))
      }
    },
  }
}

/**
 * Runs `main(cleanups)` and then its cleanup, whatever happens. A figure, not a test: exit code
 * 1 means something could not be measured.
 */
export async function runBench(name, main) {
  const cleanups = cleanupSteps()
  try {
    await main(cleanups)
    await cleanups.run()
  } catch (error) {
    console.error(`The ${name} benchmark could not measure everything:`, error)
    await cleanups.run()
    process.exitCode = 1
  }
}

/**
 * The playground's production build, in a throwaway directory. Call it before {@link loadTs}:
 * loading TypeScript through Vite's module runner sets NODE_ENV to development, which a build
 * after it would follow (React's development build).
 */
export async function buildPlayground(cleanups) {
  const outDir = await mkdtemp(join(tmpdir(), 'latch-bench-playground-'))
  cleanups.push(() => rm(outDir, { recursive: true, force: true }))
  await build({
    root: APP_DIR,
    configFile: join(APP_DIR, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}

/** One of the playground's TypeScript modules (its server, the e2e helpers), through Vite. */
export const loadTs = (path) =>
  runnerImport(join(APP_DIR, path), { root: APP_DIR, configFile: false, logLevel: 'warn' }).then(
    (loaded) => loaded.module,
  )

/**
 * Starts the devnet and the Latch server (`server`: PlaygroundServerOptions, with its auth; or
 * `startServer(devnet)`, resolving with a PlaygroundServer, for a configuration those options do
 * not reach), serves the build at `outDir` with their addresses, launches Chromium
 * (`prepare(context)` runs before any page opens) and opens the playground on localhost.
 * Everything is stopped by `cleanups`.
 */
export async function openPlayground({
  cleanups,
  outDir,
  server: serverOptions,
  startServer,
  prepare,
}) {
  const [{ startPlaygroundServer, devnetWalletTokens }, { playgroundConfigPlugin }] =
    await Promise.all([loadTs('server/latch-server.ts'), loadTs('server/playground-config.ts')])
  const devnet = await startDevnet({ env: {} })
  cleanups.push(() => devnet.stop())
  const server = await (startServer?.(devnet) ??
    startPlaygroundServer(devnet, { storage: 'memory', ...serverOptions }))
  cleanups.push(() => server.close())
  const config = {
    chains: devnet.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
    privateKeys: [devnet.accounts[0].privateKey],
    tokens: devnetWalletTokens(devnet),
    serverUrl: server.url,
  }
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
  await prepare?.(browser.context)
  const page = await browser.context.newPage()
  page.setDefaultTimeout(20_000)
  const pageErrors = []
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  // The host on localhost, the frame on 127.0.0.1: two sites, as a real host and its server are.
  await page.goto(`http://localhost:${site.httpServer.address().port}/`)
  const chromium = `Chromium ${/Chrome\/([\d.]+)/.exec(await page.evaluate(() => navigator.userAgent))?.[1] ?? '(unknown version)'}`
  return { page, pageErrors, devnet, server, chromium }
}

/**
 * Runs in the page: resolves with the time (performance.timeOrigin + now, the wall clock the
 * page, its popups and Node share) of the first frame painted once the modal is closed and the
 * account hooks say connected.
 */
export function connectedPainted(timeoutMs) {
  const dialog = document.querySelector('latch-modal')?.shadowRoot?.querySelector('dialog')
  const status = document.querySelector('#account-status')
  if (!dialog || !status) throw new Error('No modal dialog or account status in the page')
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not connected in time')), timeoutMs)
    const check = () => {
      if (dialog.open || status.textContent !== 'connected') return
      observer.disconnect()
      // A message posted from requestAnimationFrame runs right after that frame's paint.
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          clearTimeout(timer)
          resolve(performance.timeOrigin + performance.now())
        }
        channel.port2.postMessage(null)
      })
    }
    const observer = new MutationObserver(check)
    observer.observe(dialog, { attributes: true, attributeFilter: ['open'] })
    observer.observe(status, { childList: true, characterData: true, subtree: true })
  })
}

/** Signs out through Account, as a person does (the connected ConnectButton, then Disconnect). */
export async function signOut(page) {
  await page.getByRole('button', { name: /0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/ }).click()
  await page
    .locator('latch-modal')
    .getByRole('dialog')
    .getByRole('button', { name: enMessages['view.Account.disconnect'] })
    .click()
  await page.waitForFunction(
    () => document.querySelector('#account-status')?.textContent === 'disconnected',
  )
}
