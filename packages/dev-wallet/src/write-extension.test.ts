import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONFIG_GLOBAL, type ExtensionConfig } from './extension-config.js'
import { buildExtensionInto } from './test/build-extension.js'
import { writeExtension } from './write-extension.js'

let scratch: string
let built: string

const config: ExtensionConfig = {
  chains: [{ chainId: 31337, name: 'Latch Devnet A', rpcUrl: 'http://127.0.0.1:18545' }],
  privateKeys: [`0x${'11'.repeat(32)}`],
  assets: { 31337: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'] },
  approval: 'manual',
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'latch-dev-wallet-'))
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
    expect(manifest.content_scripts).toEqual([
      {
        matches: ['http://127.0.0.1/*', 'http://localhost/*'],
        js: ['config.js', 'content.js'],
        run_at: 'document_start',
        world: 'MAIN',
      },
    ])
  })

  it('bundles the content script for the browser, with no Node import left', async () => {
    const content = await readFile(join(built, 'content.js'), 'utf8')
    expect(content).not.toMatch(/\brequire\(|from\s*["']node:|import\(\s*["']node:/)
  })

  it('copies the extension and writes config.js holding the given configuration', async () => {
    const outDir = join(scratch, 'configured')
    const written = await writeExtension({ outDir, config, sourceDir: built })
    expect(written).toEqual({
      outDir,
      manifestPath: join(outDir, 'manifest.json'),
      configPath: join(outDir, 'config.js'),
    })
    expect(await readFile(written.manifestPath, 'utf8')).toBe(
      await readFile(join(built, 'manifest.json'), 'utf8'),
    )
    const script = await readFile(written.configPath, 'utf8')
    const global: Record<string, unknown> = {}
    new Function('globalThis', script)(global)
    expect(global[CONFIG_GLOBAL]).toEqual(config)
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
      writeExtension({ outDir, config, sourceDir: join(scratch, 'nothing') }),
    ).rejects.toThrow('No built extension')
  })
})
