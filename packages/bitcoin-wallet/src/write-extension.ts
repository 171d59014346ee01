import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createExtensionWriter,
  type WriteExtensionOptions as KitWriteExtensionOptions,
} from '@latch/dev-wallet/kit/node'
import { configScript, type ExtensionConfig } from './extension-config.js'
import { createBitcoinDevWallet } from './wallet.js'

export type { WrittenExtension } from '@latch/dev-wallet/kit/node'

/** The unpacked extension built by `pnpm build` (scripts/build-extension.mjs). */
// Not `new URL(…, import.meta.url)`: Vite rewrites that pattern as an asset URL under jsdom.
export const BUILT_EXTENSION_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'dist',
  'extension',
)

/** What {@link writeExtension} takes: `outDir`, `config`, and `sourceDir` (the built extension). */
export type WriteExtensionOptions = KitWriteExtensionOptions<ExtensionConfig>

/**
 * Copies the built extension to `outDir` and writes its config.js, which sets the configuration
 * in the page's MAIN world, where the content script cannot fetch anything from the extension.
 * Node only: the browser bundle never imports this module.
 */
export const writeExtension = createExtensionWriter<ExtensionConfig>({
  packageName: '@latch/bitcoin-wallet',
  builtDir: BUILT_EXTENSION_DIR,
  validate: (config) => void createBitcoinDevWallet(config),
  configScript,
})
