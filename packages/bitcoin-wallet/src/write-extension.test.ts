import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONFIG_GLOBAL, takeExtensionConfig, type ExtensionConfig } from './extension-config.js'
import { buildExtensionInto } from './test/build-extension.js'
import { writeExtension } from './write-extension.js'

let scratch: string
let built: string

const config: ExtensionConfig = {
  esploraUrl: 'http://127.0.0.1:13002/api',
  accounts: bitcoinDevnetAccounts().slice(0, 2),
  approval: 'manual',
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'latch-bitcoin-wallet-'))
  built = join(scratch, 'built')
  await buildExtensionInto(built)
}, 60_000)

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

describe('build-extension.mjs and writeExtension', () => {
  it('builds an MV3 manifest whose content scripts run in the MAIN world at document_start', async () => {
    const manifest = JSON.parse(await readFile(join(built, 'manifest.json'), 'utf8'))
    expect(manifest.manifest_version).toBe(3)
    expect(manifest.name).toBe('Latch Bitcoin Dev Wallet')
    expect(manifest.content_scripts).toEqual([
      {
        matches: ['http://127.0.0.1/*', 'http://localhost/*'],
        js: ['config.js', 'content.js'],
        run_at: 'document_start',
        world: 'MAIN',
      },
    ])
  })

  it('bundles the content script for the browser, with no Node import and no Buffer left', async () => {
    const content = await readFile(join(built, 'content.js'), 'utf8')
    expect(content).not.toMatch(
      /\brequire\(|from\s*["']node:|import\(\s*["']node:|\bBuffer\.from\(/,
    )
  })

  it('writes config.js holding the configuration, and the content script takes it once', async () => {
    const outDir = join(scratch, 'configured')
    const written = await writeExtension({ outDir, config, sourceDir: built })
    expect(written).toEqual({
      outDir,
      manifestPath: join(outDir, 'manifest.json'),
      configPath: join(outDir, 'config.js'),
    })
    const global: Record<string, unknown> = {}
    new Function('globalThis', await readFile(written.configPath, 'utf8'))(global)
    expect(global[CONFIG_GLOBAL]).toBeDefined()
    expect(takeExtensionConfig(global)).toEqual(config)
    // Taken once: the page's own scripts must not find the keys afterwards.
    expect(CONFIG_GLOBAL in global).toBe(false)
  })

  it('refuses a configuration the wallet would refuse, and a missing build', async () => {
    const outDir = join(scratch, 'refused')
    await expect(
      writeExtension({
        outDir,
        config: { ...config, approval: 'sometimes' as never },
        sourceDir: built,
      }),
    ).rejects.toThrow('approval must be one of')
    await expect(
      writeExtension({ outDir, config: { ...config, esploraUrl: 'nope' }, sourceDir: built }),
    ).rejects.toThrow('esploraUrl must be an http(s) URL')
    await expect(
      writeExtension({ outDir, config, sourceDir: join(scratch, 'nothing') }),
    ).rejects.toThrow('No built extension')
  })
})
