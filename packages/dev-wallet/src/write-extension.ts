import { access, cp, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { configScript, type ExtensionConfig } from './extension-config.js'
import { createDevWallet } from './provider.js'

/** The unpacked extension built by `pnpm build` (scripts/build-extension.mjs). */
export const BUILT_EXTENSION_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'dist',
  'extension',
)

export interface WriteExtensionOptions {
  /** Where the configured, loadable extension goes (for Chromium's --load-extension). */
  outDir: string
  config: ExtensionConfig
  /** The built extension to copy; {@link BUILT_EXTENSION_DIR} by default. */
  sourceDir?: string
}

/** Paths of a written extension. */
export interface WrittenExtension {
  outDir: string
  manifestPath: string
  configPath: string
}

/**
 * Copies the built extension to `outDir` and writes its config.js, which sets the configuration
 * in the page's MAIN world, where the content script cannot fetch anything from the extension.
 * Node only: the browser bundle never imports this module.
 */
export async function writeExtension(options: WriteExtensionOptions): Promise<WrittenExtension> {
  // Fails here, with the wallet's own message, rather than silently inside a browser page.
  createDevWallet(options.config)
  const sourceDir = options.sourceDir ?? BUILT_EXTENSION_DIR
  try {
    await access(join(sourceDir, 'manifest.json'))
  } catch {
    throw new Error(
      `No built extension in ${sourceDir}: run \`pnpm --filter @latch/dev-wallet build\` first.`,
    )
  }
  const outDir = resolve(options.outDir)
  await cp(sourceDir, outDir, { recursive: true })
  const configPath = join(outDir, 'config.js')
  await writeFile(configPath, configScript(options.config))
  return { outDir, manifestPath: join(outDir, 'manifest.json'), configPath }
}
