import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchChromium, type LaunchedBrowser } from '@latch/test-browser'
import { afterAll, beforeAll } from 'vitest'

/** A Playwright page of a Chromium that {@link useExtensionPages} launched. */
export type ExtensionPage = Awaited<ReturnType<LaunchedBrowser['context']['newPage']>>

/** What {@link useExtensionPages} needs of one dev wallet and its local chain. */
export interface ExtensionPagesSuite<Chain extends { stop(): Promise<void> }, Approval> {
  /**
   * The host page, served on 127.0.0.1: it knows nothing about the wallet and collects what the
   * wallet announces in `window.wallets`.
   */
  hostPage: string
  /** The scratch folders' name prefix, e.g. `latch-solana-wallet-`. */
  scratchPrefix: string
  /** Starts the wallet's local chain, on free ports. */
  startChain(): Promise<Chain>
  /** Writes the extension into `outDir`, configured for `chain` with the `approval` policy. */
  writeExtension(outDir: string, chain: Chain, approval: Approval): Promise<unknown>
}

/** The host page's part every Wallet Standard wallet's test shares: it collects registrations. */
export const WALLET_STANDARD_HOST_SCRIPT = `window.wallets = []
const api = Object.freeze({ register: (...wallets) => (window.wallets.push(...wallets), () => {}) })
window.addEventListener('wallet-standard:register-wallet', ({ detail }) => detail(api))
window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))`

/** A host page holding `script`. */
export function hostPage(script: string): string {
  return `<!doctype html><title>Host</title><script>\n${script}\n</script>`
}

/**
 * Starts, for the file's tests, the wallet's chain and a server of the host page, and opens
 * host pages in Chromium with the wallet's unpacked extension loaded. Every browser, folder,
 * server and chain is closed after the file's tests, also after a failed one.
 */
export function useExtensionPages<Chain extends { stop(): Promise<void> }, Approval>(
  suite: ExtensionPagesSuite<Chain, Approval>,
): { chain(): Chain; open(approval: Approval): Promise<ExtensionPage> } {
  let chain: Chain | undefined
  let server: Server | undefined
  let origin = ''
  const opened: Array<{ browser: LaunchedBrowser; dir: string }> = []

  beforeAll(async () => {
    chain = await suite.startChain()
    const listening = createServer((_, res) =>
      res.setHeader('content-type', 'text/html').end(suite.hostPage),
    )
    server = listening
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const { browser, dir } of opened) {
      await browser.close()
      await rm(dir, { recursive: true, force: true })
    }
    server?.close()
    await chain?.stop()
  })

  const started = (): Chain => {
    if (!chain) throw new Error('The chain starts in beforeAll: use it inside a test.')
    return chain
  }
  return {
    chain: started,
    async open(approval) {
      const dir = await mkdtemp(join(tmpdir(), suite.scratchPrefix))
      await suite.writeExtension(dir, started(), approval)
      const browser = await launchChromium({ extensionDir: dir })
      opened.push({ browser, dir })
      const page = await browser.context.newPage()
      await page.goto(origin)
      await page.waitForFunction(
        () => (window as unknown as { wallets: unknown[] }).wallets.length > 0,
      )
      return page
    },
  }
}
