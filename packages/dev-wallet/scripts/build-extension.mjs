// Builds the unpacked Chromium extension: the MAIN-world content script bundled for the browser,
// the manifest, and a placeholder config.js (writeExtension() writes the real one).
// Usage: node scripts/build-extension.mjs [--out <dir>]   (default: dist/extension)
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const outFlag = process.argv.indexOf('--out')
const outDir =
  outFlag === -1 ? join(packageDir, 'dist/extension') : resolve(process.argv[outFlag + 1] ?? '')

await rm(outDir, { recursive: true, force: true })
await mkdir(outDir, { recursive: true })
await build({
  entryPoints: [join(packageDir, 'src/content-script.ts')],
  outfile: join(outDir, 'content.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'chrome120',
  legalComments: 'none',
  // Injected into every local page: smaller parses faster (most of the bundle is viem).
  minify: true,
  logLevel: 'warning',
})
await copyFile(join(packageDir, 'extension/manifest.json'), join(outDir, 'manifest.json'))
await writeFile(
  join(outDir, 'config.js'),
  '// No configuration yet: write the extension with writeExtension() from @latch/dev-wallet/extension.\n',
)
console.log(`dev wallet extension built in ${outDir}`)
