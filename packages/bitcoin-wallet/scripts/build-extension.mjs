// Builds the unpacked Chromium extension: the MAIN-world content script bundled for the browser,
// the manifest, and a placeholder config.js (writeExtension() writes the real one), with the
// steps @latch/dev-wallet's kit shares between the dev wallets.
// Usage: node scripts/build-extension.mjs [--out <dir>]   (default: dist/extension)
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildExtension } from '@latch/dev-wallet/kit/node'

const outDir = await buildExtension({
  packageDir: resolve(dirname(fileURLToPath(import.meta.url)), '..'),
  packageName: '@latch/bitcoin-wallet',
  argv: process.argv,
})
console.log(`Bitcoin dev wallet extension built in ${outDir}`)
