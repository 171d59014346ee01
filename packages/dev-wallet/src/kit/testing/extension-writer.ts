import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WriteExtensionOptions, WrittenExtension } from '../extension-files.js'
import { buildExtensionInto } from './build-extension.js'

/** A configuration the writer must refuse, and the wallet's own message for it. */
export interface RefusedConfig<Config> {
  config: Config
  message: string
}

/** What {@link describeExtensionWriter} checks of one dev wallet package. */
export interface ExtensionWriterSuite<Config> {
  /** The package's directory: its scripts/build-extension.mjs is run into a scratch folder. */
  packageDir: string
  /** The scratch folder's name prefix, e.g. `latch-solana-wallet-`. */
  scratchPrefix: string
  /** The name the package's manifest.json gives the extension. */
  manifestName: string
  /** The package's `writeExtension`. */
  writeExtension(options: WriteExtensionOptions<Config>): Promise<WrittenExtension>
  /** A configuration the wallet accepts. */
  config: Config
  /** The page global config.js sets. */
  configGlobal: string
  /** The content script's reader of that global, which must remove it (taken once). */
  takeExtensionConfig(global: object): Config | undefined
  /**
   * Further configurations the writer refuses with the wallet's message: an unknown approval
   * policy and a missing build are always checked.
   */
  refused?: readonly RefusedConfig<Config>[]
  /**
   * Text the browser bundle must not hold beyond Node imports (e.g. `Buffer.from(`, for a
   * wallet whose chain library polyfills it), with its words for the test's name.
   */
  alsoForbidden?: { pattern: RegExp; label: string }
}

const NODE_IMPORT = /\brequire\(|from\s*["']node:|import\(\s*["']node:/

/**
 * The build-extension.mjs and writeExtension tests every dev wallet shares: the real build makes
 * an MV3 manifest with MAIN-world content scripts and a browser-only bundle, and writeExtension
 * copies it with a config.js the content script reads once, refusing what the wallet refuses.
 */
export function describeExtensionWriter<Config extends { approval?: unknown }>(
  suite: ExtensionWriterSuite<Config>,
): void {
  let scratch: string
  let built: string

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), suite.scratchPrefix))
    built = join(scratch, 'built')
    await buildExtensionInto(suite.packageDir, built)
  }, 60_000)

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })

  describe('build-extension.mjs and writeExtension', () => {
    it('builds an MV3 manifest whose content scripts run in the MAIN world at document_start', async () => {
      const manifest = JSON.parse(await readFile(join(built, 'manifest.json'), 'utf8'))
      expect(manifest.manifest_version).toBe(3)
      expect(manifest.name).toBe(suite.manifestName)
      expect(manifest.content_scripts).toEqual([
        {
          matches: ['http://127.0.0.1/*', 'http://localhost/*'],
          js: ['config.js', 'content.js'],
          run_at: 'document_start',
          world: 'MAIN',
        },
      ])
    })

    const extra = suite.alsoForbidden
    it(`bundles the content script for the browser, with no Node import${extra ? ` and no ${extra.label}` : ''} left`, async () => {
      const content = await readFile(join(built, 'content.js'), 'utf8')
      expect(content).not.toMatch(NODE_IMPORT)
      if (extra) expect(content).not.toMatch(extra.pattern)
    })

    it('copies the extension and writes config.js, which the content script takes once', async () => {
      const outDir = join(scratch, 'configured')
      const written = await suite.writeExtension({ outDir, config: suite.config, sourceDir: built })
      expect(written).toEqual({
        outDir,
        manifestPath: join(outDir, 'manifest.json'),
        configPath: join(outDir, 'config.js'),
      })
      expect(await readFile(written.manifestPath, 'utf8')).toBe(
        await readFile(join(built, 'manifest.json'), 'utf8'),
      )
      const global: Record<string, unknown> = {}
      new Function('globalThis', await readFile(written.configPath, 'utf8'))(global)
      expect(global[suite.configGlobal]).toBeDefined()
      // Byte for byte: the keys the wallet signs with are the ones given.
      expect(suite.takeExtensionConfig(global)).toEqual(suite.config)
      // Taken once: the page's own scripts must not find the keys afterwards.
      expect(suite.configGlobal in global).toBe(false)
    })

    it('refuses a configuration the wallet would refuse, and a missing build', async () => {
      const outDir = join(scratch, 'refused')
      const refused: readonly RefusedConfig<Config>[] = [
        { config: { ...suite.config, approval: 'sometimes' }, message: 'approval must be one of' },
        ...(suite.refused ?? []),
      ]
      for (const { config, message } of refused) {
        await expect(suite.writeExtension({ outDir, config, sourceDir: built })).rejects.toThrow(
          message,
        )
      }
      await expect(
        suite.writeExtension({ outDir, config: suite.config, sourceDir: join(scratch, 'nothing') }),
      ).rejects.toThrow('No built extension')
    })
  })
}
