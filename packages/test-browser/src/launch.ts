import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'

/** Debian's chromium (installed by scripts/bootstrap.sh); never a downloaded browser. */
export const CHROMIUM_PATH = process.env.LATCH_CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Flags for this workplace: no sandbox as root, and no background traffic, since the network
 * is closed and Chromium otherwise retries connections to Google's hosts all the time.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Playwright disables ThirdPartyStoragePartitioning (microsoft/playwright#32230), so a
  // cross-site iframe's IndexedDB falls back to the third-party-cookie rule and is refused ("The
  // user denied permission to access the database"). Chrome ships with partitioning on, and the
  // secure frame (another site than the host) stores its keys there: test what visitors run.
  // Chromium keeps the last --disable-features, so this list replaces Playwright's, with the rest
  // of Playwright's entries kept for their own reasons.
  `--disable-features=${[
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
  ].join(',')}`,
] as const

export interface LaunchOptions {
  /** An unpacked extension to load, as a user's wallet would arrive. */
  extensionDir?: string
  /** Several unpacked extensions (an EVM wallet and a Solana one, say), loaded with {@link extensionDir}. */
  extensionDirs?: readonly string[]
}

export interface LaunchedBrowser {
  context: BrowserContext
  /** Closes the browser and removes its throwaway profile. */
  close(): Promise<void>
}

/** Starts Chromium with a fresh profile; close() always cleans up, also after a failed test. */
export async function launchChromium(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'latch-chromium-'))
  const dirs = [
    ...(options.extensionDir ? [options.extensionDir] : []),
    ...(options.extensionDirs ?? []),
  ].join(',')
  const extension = dirs ? [`--disable-extensions-except=${dirs}`, `--load-extension=${dirs}`] : []
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: false, // the --headless flag above picks Chromium's new headless, which runs extensions
      args: [...CHROMIUM_FLAGS, ...extension],
      ignoreDefaultArgs: ['--disable-extensions'],
    })
    return {
      context,
      async close() {
        await context.close().catch(() => undefined)
        await rm(profile, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(profile, { recursive: true, force: true })
    throw error
  }
}

export interface BrowserOptions {
  /** Variables added to Chromium's environment (a `FONTCONFIG_FILE` that fixes its fonts, say). */
  env?: Readonly<Record<string, string>>
}

/**
 * Starts Chromium as a plain browser, without a profile of its own: each `newContext()` is a
 * fresh, isolated profile with its own viewport, scale and media settings, and many of them
 * share one process. For pages that need no extension, such as screenshots of every story.
 */
export async function launchBrowser(options: BrowserOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: false, // the --headless flag picks Chromium's new headless, as launchChromium does
    args: [...CHROMIUM_FLAGS],
    env: { ...process.env, ...options.env },
  })
}
