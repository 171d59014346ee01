import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ApprovalMode } from '@latch/dev-wallet'
import { writeExtension } from '@latch/dev-wallet/extension'
import { startDevnet, type Devnet, type DevnetChain } from '@latch/devnet'
import { startBitcoinDevnet, type BitcoinDevnet } from '@latch/bitcoin-devnet'
import type { BitcoinDevWalletFace } from '@latch/bitcoin-wallet'
import { writeExtension as writeBitcoinExtension } from '@latch/bitcoin-wallet/extension'
import { startRelay, type LocalRelay } from '@latch/relay'
import { readPgliteTemplate } from '@latch/server/testing'
import { startSolanaDevnet, type SolanaDevnet } from '@latch/solana-devnet'
import { writeExtension as writeSolanaExtension } from '@latch/solana-wallet/extension'
import { createWcWallet, type WcWallet } from '@latch/wc-wallet'
import { launchChromium } from '@latch/test-browser'
import type { BrowserContext, Page } from 'playwright-core'
import { preview } from 'vite'
import { inject } from 'vitest'
import {
  devnetWalletTokens,
  otherChainsOf,
  startPlaygroundServer,
  type PlaygroundServer,
  type PlaygroundServerOptions,
} from '../server/latch-server.js'
import { playgroundConfigPlugin } from '../server/playground-config.js'
import type { PlaygroundConfig } from '../src/config.js'
import { APP_DIR } from './paths.js'

/**
 * Three chains: the playground configures the first two (A, B); only the wallet knows the third,
 * so switching the wallet there puts Latch on an unsupported network.
 */
export const CHAIN_IDS = [31337, 31338, 31339] as const

export interface StackOptions {
  /**
   * How the dev wallet extension answers connection requests; 'none' loads no extension, so the
   * playground runs its in-page dev wallet (which approves by itself), as a newcomer's browser would.
   */
  approval: ApprovalMode | 'none'
  /** Extra query parameters for the playground's URL (`devWallet=extension` with an extension). */
  query?: Record<string, string>
  /** The page to open, from the app's root: the playground ('/') unless told. */
  path?: string
  /**
   * The host name the page is opened on: 127.0.0.1 unless told. `localhost` makes the page
   * another site than the Latch server and its secure frame (on 127.0.0.1), as a real host is,
   * so the frame's storage is partitioned under the page's (issue 17).
   */
  host?: '127.0.0.1' | 'localhost'
  /**
   * The port `vite preview` serves the playground on: a free one unless told. Fixed by a test
   * whose Latch server must name one of its pages before the stack starts (the Farcaster
   * sign-in link opening `/farcaster-app.html`).
   */
  previewPort?: number
  /** Start the local WalletConnect relay and hand it to the playground. */
  walletConnect?: boolean
  /**
   * The Latch server the pages use (`serverUrl`), as `npm start` starts it: the playground's
   * project allowing local origins, the built-in directory. These change that.
   */
  server?: PlaygroundServerOptions
  /**
   * Start the local Solana chain: the playground adds its network and the Solana adapter, and
   * the Solana dev wallet extension (same approval mode) is loaded next to the EVM one.
   */
  solana?: boolean
  /**
   * Start the local Bitcoin regtest chain: the playground adds its network and the Bitcoin
   * adapter, and the Bitcoin dev wallet extension (same approval mode; both faces unless `faces`
   * says which) is loaded next to the EVM one.
   */
  bitcoin?: boolean | { faces: BitcoinDevWalletFace[] }
}

export interface Stack {
  devnet: Devnet
  /** The devnet chains the playground configures, in order. */
  chains: readonly DevnetChain[]
  /** A devnet chain the wallet knows and the playground does not. */
  unconfigured: DevnetChain
  /**
   * The current page: the playground, loaded with the extension's wallet. startStack opens the
   * first; {@link Stack.freshPage} replaces it.
   */
  readonly page: Page
  /** The playground's URL, query included. */
  url: string
  /** Uncaught errors the current page threw (tests expect none). */
  readonly pageErrors: string[]
  /**
   * Closes every page, empties the playground origin's storage (Latch's keys, the dev wallet's
   * session, WalletConnect's IndexedDB, the host's own data) and opens {@link Stack.url} in a
   * new page, which becomes {@link Stack.page}. A test that starts here starts as a first visit
   * would, whatever ran before it, so it passes alone and in any order.
   */
  freshPage(): Promise<Page>
  /**
   * Requests to any host but 127.0.0.1 and the page's own (`host`) since the current page
   * opened (tests expect none).
   */
  outsideRequests: string[]
  /** The local WalletConnect relay, when asked for. */
  relay?: LocalRelay
  /** The Latch server the pages use. */
  latchServer: PlaygroundServer
  /** The local Solana chain, when asked for. */
  solana?: SolanaDevnet
  /** The local Bitcoin regtest chain, when asked for. */
  bitcoin?: BitcoinDevnet
  /** Stops everything this stack started, in reverse order; safe to call twice, never throws. */
  close(): Promise<void>
}

let template: Promise<Blob> | undefined
/** The run's migrated PGlite dump (global-setup.ts), read once per worker. */
const pgliteTemplate = () => (template ??= readPgliteTemplate(inject('pgliteTemplate')))

/** Undo steps run newest first; each step's failure is reported but never skips the rest. */
function cleanupStack() {
  const steps: Array<() => Promise<unknown>> = []
  let closing: Promise<void> | undefined
  return {
    add(step: () => Promise<unknown>) {
      steps.unshift(step)
    },
    run: () =>
      (closing ??= (async () => {
        for (const step of steps) {
          await step().catch((error: unknown) => console.error('e2e cleanup failed:', error))
        }
      })()),
  }
}

/**
 * Brings up one end-to-end stack: a devnet, the Latch server, the playground's production build
 * served by `vite preview` with that devnet's chains and that server, and Chromium with the dev
 * wallet extension. Whatever was started is stopped again if a later step fails.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const cleanup = cleanupStack()
  const template = await pgliteTemplate()
  const devnetStarting = startDevnet({
    env: {},
    chains: CHAIN_IDS.map((chainId) => ({ chainId })),
  })
  // The server's PGlite takes seconds to start and needs no devnet: it starts alongside the
  // devnet, the preview and Chromium, and is awaited only before the first page opens.
  // The other namespaces' chains start beside it too; the server serves sign-in on them.
  const solanaStarting = options.solana ? startSolanaDevnet() : undefined
  const bitcoinStarting = options.bitcoin ? startBitcoinDevnet({ port: 0 }) : undefined
  const serverStarting = startPlaygroundServer(devnetStarting, {
    storage: 'memory',
    template,
    ...options.server,
    otherChains: otherChainsOf(solanaStarting, bitcoinStarting),
  })
  // Each is registered for cleanup as soon as it runs, whatever fails meanwhile; a failure to
  // start is reported where it is awaited.
  const registered = [
    devnetStarting.then(
      (devnet) => cleanup.add(() => devnet.stop()),
      () => undefined,
    ),
    serverStarting.then(
      (server) => cleanup.add(() => server.close()),
      () => undefined,
    ),
    solanaStarting?.then(
      (solana) => cleanup.add(() => solana.stop()),
      () => undefined,
    ),
    bitcoinStarting?.then(
      (bitcoin) => cleanup.add(() => bitcoin.stop()),
      () => undefined,
    ),
  ]
  try {
    const devnet = await devnetStarting
    const [a, b, c] = devnet.chains as [DevnetChain, DevnetChain, DevnetChain]
    const walletKeys = devnet.accounts.slice(0, 3).map((account) => account.privateKey)
    const solana: SolanaDevnet | undefined = await solanaStarting
    const bitcoin: BitcoinDevnet | undefined = await bitcoinStarting
    let relay: LocalRelay | undefined
    if (options.walletConnect) {
      const started = (relay = await startRelay())
      cleanup.add(() => started.stop())
    }
    // Read at each page load, so it is filled in once the Latch server runs.
    const served: { config?: PlaygroundConfig } = {}

    const server = await preview({
      root: APP_DIR,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: inject('playgroundDist') },
      preview: { host: '127.0.0.1', port: options.previewPort ?? 0, strictPort: true, open: false },
      plugins: [playgroundConfigPlugin(() => served.config)],
    })
    cleanup.add(() => server.close())
    const { port } = server.httpServer.address() as AddressInfo

    const extensionDirs: string[] = []
    const extensionDir = async () => {
      const dir = await mkdtemp(join(tmpdir(), 'latch-e2e-wallet-'))
      cleanup.add(() => rm(dir, { recursive: true, force: true }))
      extensionDirs.push(dir)
      return dir
    }
    if (options.approval !== 'none') {
      await writeExtension({
        outDir: await extensionDir(),
        config: {
          chains: [a, b, c].map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
          privateKeys: walletKeys,
          approval: options.approval,
          panelShadowMode: 'open',
        },
      })
      if (solana) {
        await writeSolanaExtension({
          outDir: await extensionDir(),
          config: {
            rpcUrl: solana.rpcUrl,
            accounts: solana.accounts.slice(0, 3),
            approval: options.approval,
            panelShadowMode: 'open',
          },
        })
      }
      if (bitcoin) {
        await writeBitcoinExtension({
          outDir: await extensionDir(),
          config: {
            esploraUrl: bitcoin.esploraUrl,
            accounts: bitcoin.accounts.slice(0, 3),
            approval: options.approval,
            panelShadowMode: 'open',
            ...(typeof options.bitcoin === 'object' ? { faces: options.bitcoin.faces } : {}),
          },
        })
      }
    }
    const browser = await launchChromium({ extensionDirs })
    cleanup.add(() => browser.close())

    const latchServer = await serverStarting
    served.config = {
      chains: [a, b].map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
      privateKeys: walletKeys,
      tokens: devnetWalletTokens(devnet),
      ...(relay ? { walletConnect: { relayUrl: relay.url, verifyUrl: relay.verifyUrl } } : {}),
      serverUrl: latchServer.url,
      ...(solana ? { solana: { rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl } } : {}),
      ...(bitcoin ? { bitcoin: { esploraUrl: bitcoin.esploraUrl } } : {}),
    }

    const query = new URLSearchParams({
      ...(extensionDirs.length > 0 ? { devWallet: 'extension' } : {}),
      ...options.query,
    })
    const host = options.host ?? '127.0.0.1'
    const origin = `http://${host}:${port}`
    const url = `${origin}${options.path ?? '/'}?${query}`
    // The WalletConnect view's "Copy link" is how a test (and a person) takes the pairing URI.
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
    const outsideRequests: string[] = []
    browser.context.on('request', (request) => {
      const url = new URL(request.url())
      const local = url.hostname === '127.0.0.1' || url.hostname === host
      if (/^(https?|wss?):$/.test(url.protocol) && !local) outsideRequests.push(request.url())
    })
    let current = await openPage(browser.context, url)
    const freshPage = async () => {
      const page = await browser.context.newPage()
      // Closed first: an open page would hold its IndexedDB connections and block the clearing.
      await Promise.all(browser.context.pages().map((other) => other !== page && other.close()))
      const cdp = await browser.context.newCDPSession(page)
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
      await cdp.detach()
      outsideRequests.length = 0
      current = await openPage(browser.context, url, page)
      return current.page
    }
    return {
      devnet,
      chains: [a, b],
      unconfigured: c,
      get page() {
        return current.page
      },
      url,
      get pageErrors() {
        return current.errors
      },
      freshPage,
      outsideRequests,
      ...(relay ? { relay } : {}),
      latchServer,
      ...(solana ? { solana } : {}),
      ...(bitcoin ? { bitcoin } : {}),
      close: cleanup.run,
    }
  } catch (error) {
    await Promise.all(registered)
    await cleanup.run()
    throw error
  }
}

/**
 * Opens `url` in `page` (a new one by default), failing fast on a missing element and recording
 * the page's uncaught errors, which are also printed at once rather than left to explain a timeout.
 */
async function openPage(
  context: BrowserContext,
  url: string,
  page?: Page,
): Promise<{ page: Page; errors: string[] }> {
  const opened = page ?? (await context.newPage())
  // A missing element fails in seconds, not after Playwright's default 30.
  opened.setDefaultTimeout(10_000)
  const errors: string[] = []
  opened.on('pageerror', (error) => {
    errors.push(String(error))
    console.error('page error:', error)
  })
  await opened.goto(url)
  return { page: opened, errors }
}

/**
 * The sign-client test wallet on `relayUrl`, holding devnet account `account`, approving every
 * proposal and request; it reads the stack's chains through their own RPC URLs.
 */
export function startWcWallet(stack: Stack, relayUrl: string, account: number): Promise<WcWallet> {
  return createWcWallet({
    relayUrl,
    privateKey: stack.devnet.accounts[account]!.privateKey,
    rpcUrls: Object.fromEntries(stack.chains.map((c) => [String(c.chainId), c.rpcUrl])),
    policy: { proposals: 'approve', requests: 'approve' },
    // With the local Solana chain, the same-numbered Solana account too: it approves `solana`.
    ...(stack.solana
      ? {
          solana: {
            rpcUrl: stack.solana.rpcUrl,
            secretKey: stack.solana.accounts[account]!.secretKey,
          },
        }
      : {}),
  })
}
