// The Chromium test's stack: the frame app built, a real Latch server serving it on 127.0.0.1
// (email login, custody, the RPC proxy to a real anvil, social login against the real local
// identity provider), a real maildev, and a host page on localhost (another site, so storage is
// partitioned as in production) plus a host page on an origin the project does not allow.
import { execFile } from 'node:child_process'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { startDevnet, type Devnet } from '@latch/devnet'
import { startMailbox, type Mailbox } from '@latch/mailbox'
import { parseServerConfig, startServer, type RunningServer } from '@latch/server'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, type LaunchedBrowser } from '@latch/test-browser'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { startSocialProviders, type SocialProviders } from '../src/test/social.js'

const APP_DIR = fileURLToPath(new URL('..', import.meta.url))

export interface Stack {
  server: RunningServer
  mailbox: Mailbox
  devnet: Devnet
  social: SocialProviders
  projectId: string
  /** The host page on an allowed origin (localhost), and on one that is not (127.0.0.1). */
  hostUrl(allowed: boolean): string
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const probe = createHttpServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export async function startStack(): Promise<Stack> {
  await promisify(execFile)('pnpm', ['exec', 'vite', 'build', '--logLevel', 'error'], {
    cwd: APP_DIR,
  })
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./host-entry.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  })
  const hostJs = bundled.outputFiles[0]?.text ?? ''
  const [mailbox, devnet, port] = await Promise.all([
    startMailbox(),
    startDevnet({ chains: [{ chainId: 31337 }] }),
    freePort(),
  ])
  const chain = devnet.chains[0]
  if (!chain) throw new Error('the devnet has no chain')
  const projectId = 'frame-e2e'
  const publicUrl = `http://127.0.0.1:${port}`
  const social = await startSocialProviders(publicUrl)
  const server = await startServer(
    parseServerConfig({
      projects: [{ id: projectId, allowedOrigins: ['http://localhost:*'] }],
      chains: [{ caipNetworkId: `eip155:${chain.chainId}`, rpcUrls: [chain.rpcUrl] }],
      indexer: { enabled: false },
      // No development ancestors: the project's origins alone, so 127.0.0.1 is a foreign host.
      secureFrame: { distDir: `${APP_DIR}/dist`, developmentAncestors: [] },
      auth: {
        publicUrl,
        smtp: {
          host: mailbox.smtp.host,
          port: mailbox.smtp.port,
          from: 'Latch <login@latch.test>',
        },
        deviceApproval: { ttlSeconds: 900, waitSeconds: 5, pollMs: 50 },
      },
      social: social.config,
    }),
    {
      port,
      // The stack's fixed secrets are development ones: it runs as development whatever the shell.
      mode: 'development',
      seed: false,
      indexer: false,
      env: {
        LATCH_AUTH_SECRET: 'frame-e2e-auth-secret-0123456789abcdef-not-for-prod',
        LATCH_CUSTODY_KEY: 'frame-e2e-custody-key-0123456789abcdef-not-for-prod',
      },
    },
  )
  const pages: Server = createHttpServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    if (path === '/host.html') {
      response.writeHead(200, { 'content-type': 'text/html' })
      return response.end(
        '<!doctype html><body><script type="module" src="/host.js"></script></body>',
      )
    }
    if (path === '/host.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' })
      return response.end(hostJs)
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
  const pagesPort = (pages.address() as AddressInfo).port
  const frame = encodeURIComponent(`${publicUrl}/secure-frame/`)
  return {
    server,
    mailbox,
    devnet,
    social,
    projectId,
    hostUrl: (allowed) =>
      `http://${allowed ? 'localhost' : '127.0.0.1'}:${pagesPort}/host.html?frame=${frame}&projectId=${projectId}`,
    async stop() {
      await new Promise((resolve) => pages.close(resolve))
      await server.close()
      await Promise.all([mailbox.stop(), devnet.stop(), social.stop()])
    },
  }
}

/**
 * A browser (a device) with its own profile. `thirdPartyStorage`: whether a frame of another
 * site may keep data (partitioned), as Chrome's default allows; this Chromium build blocks it
 * unless its profile says otherwise.
 */
export async function launchDevice(thirdPartyStorage = true): Promise<LaunchedBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'latch-frame-device-'))
  if (thirdPartyStorage) {
    await mkdir(join(profile, 'Default'), { recursive: true })
    await writeFile(
      join(profile, 'Default', 'Preferences'),
      JSON.stringify({ profile: { cookie_controls_mode: 0 } }),
    )
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: false, // --headless in the flags: Chromium's new headless
    args: [...CHROMIUM_FLAGS],
  })
  return {
    context,
    async close() {
      await context.close().catch(() => undefined)
      await rm(profile, { recursive: true, force: true })
    },
  }
}
