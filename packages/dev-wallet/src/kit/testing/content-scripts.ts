import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { WriteExtensionOptions, WrittenExtension } from '../extension-files.js'
import { buildExtensionInto } from './build-extension.js'

/** What {@link useWrittenExtension} builds and writes. */
export interface WrittenExtensionSuite<Config> {
  /** The package's directory: its scripts/build-extension.mjs is run into a scratch folder. */
  packageDir: string
  /** The scratch folder's name prefix, e.g. `latch-solana-wallet-page-`. */
  scratchPrefix: string
  /** The package's `writeExtension`. */
  writeExtension(options: WriteExtensionOptions<Config>): Promise<WrittenExtension>
  config: Config
}

/**
 * Before the file's tests, builds the package's extension with its real build script and writes
 * it with `config`; after them, removes both. Returns the written extension's folder.
 */
export function useWrittenExtension<Config>(suite: WrittenExtensionSuite<Config>): () => string {
  let scratch: string | undefined
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), suite.scratchPrefix))
    const sourceDir = join(scratch, 'built')
    await buildExtensionInto(suite.packageDir, sourceDir)
    await suite.writeExtension({ outDir: join(scratch, 'page'), config: suite.config, sourceDir })
  }, 60_000)
  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })
  return () => {
    if (!scratch) throw new Error('The extension is written in beforeAll: use it in a test.')
    return join(scratch, 'page')
  }
}

/**
 * Runs an extension's two MAIN-world scripts in the (jsdom) page, in manifest order, as Chrome
 * does at document_start.
 */
export async function runContentScripts(extensionDir: string): Promise<void> {
  for (const file of ['config.js', 'content.js']) {
    const script = document.createElement('script')
    script.textContent = await readFile(join(extensionDir, file), 'utf8')
    document.head.append(script)
  }
}
