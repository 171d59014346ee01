// Builds the unpacked Chromium extension: the MAIN-world content script bundled for the browser,
// the manifest, and a placeholder config.js (writeExtension() writes the real one). The steps are
// the kit's (shared with @latch/solana-wallet), so tsc must have built dist/kit first.
// Usage: node scripts/build-extension.mjs [--out <dir>]   (default: dist/extension)
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildExtension } from '../dist/kit/node.js'

const outDir = await buildExtension({
  packageDir: resolve(dirname(fileURLToPath(import.meta.url)), '..'),
  packageName: '@latch/dev-wallet',
  argv: process.argv,
})
console.log(`dev wallet extension built in ${outDir}`)
