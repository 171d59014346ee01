// What `bitcoinAdapter()` costs a host at start-up (issue 14's budget: ≤ 5 KiB gzip), measured
// with esbuild on the built dist/ (run `pnpm --filter @latch/adapter-bitcoin bench`, which builds
// first): minified, code-split ESM, gzip -9. Only the initial JS counts: the entry chunk and every
// chunk it imports statically. The chunks reached through `import()` are printed apart: the
// runtime (loaded on the first call after discovery), then bitcoinjs-lib (on the first PSBT).
//
// Two figures:
// - the adapter on its own, with @latch/core and zod left out (the host has them already);
// - a host's delta: a page importing `createLatch` from @latch/core, then the same page adding
//   `bitcoinAdapter()` to it, everything bundled (core, zod, @wallet-standard/app).
import { build } from 'esbuild'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const BUDGET_BYTES = 5 * 1024
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length
const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`

/** Bundles `source` and sizes its initial JS and its lazy chunks, gzip -9. */
async function measure(source, external = []) {
  const outdir = mkdtempSync(join(tmpdir(), 'latch-adapter-bitcoin-size-'))
  try {
    const { metafile } = await build({
      stdin: { contents: source, resolveDir: packageDir, loader: 'js' },
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      platform: 'browser',
      target: 'es2022',
      outdir,
      external,
      metafile: true,
      logLevel: 'error',
    })
    const outputs = metafile.outputs
    const size = (files) =>
      [...files].reduce((sum, file) => sum + gzip(readFileSync(join(packageDir, file))), 0)
    /** A chunk and every chunk it imports statically, less those already loaded. */
    const closure = (file, loaded, into = new Set()) => {
      if (loaded.has(file) || into.has(file)) return into
      into.add(file)
      for (const imported of outputs[file].imports) {
        if (imported.kind === 'import-statement' && !imported.external) {
          closure(imported.path, loaded, into)
        }
      }
      return into
    }
    const dynamicImports = (files) =>
      [...files].flatMap((file) =>
        outputs[file].imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
      )
    // The start-up JS, then each wave of `import()`: the runtime, then bitcoinjs-lib.
    // The page's own entry: every `import()` target is an entry point in the metafile too, and
    // their order is esbuild's, so the page is found by name, never by position.
    const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint === '<stdin>')
    const loaded = closure(entry, new Set())
    const waves = [size(loaded)]
    for (let wave = dynamicImports(loaded); wave.length > 0;) {
      const files = new Set(wave.flatMap((file) => [...closure(file, loaded)]))
      waves.push(size(files))
      files.forEach((file) => loaded.add(file))
      wave = dynamicImports(files)
    }
    return { initial: waves[0], waves: waves.slice(1) }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

const adapter = `import { bitcoinAdapter } from './dist/index.js'\nglobalThis.adapter = bitcoinAdapter()\n`
const host = `import { createLatch } from '@latch/core'\nglobalThis.createLatch = createLatch\n`
const hostWithBitcoin = `${host}${adapter}`

const alone = await measure(adapter, ['@latch/core', 'zod', 'zod/*'])
const before = await measure(host)
const after = await measure(hostWithBitcoin)
const delta = after.initial - before.initial

console.log('@latch/adapter-bitcoin, initial JS (esbuild, minified, gzip -9)')
console.log(`  bitcoinAdapter() alone, without @latch/core and zod:   ${kib(alone.initial)}`)
console.log(`  a host's start-up JS, createLatch only:                 ${kib(before.initial)}`)
console.log(`  the same host with bitcoinAdapter():                    ${kib(after.initial)}`)
console.log(
  `  what bitcoinAdapter() adds:                             ${kib(delta)} (budget ${kib(BUDGET_BYTES)})`,
)
console.log(`  loaded on the first call (faces, connections, Esplora): ${kib(alone.waves[0] ?? 0)}`)
console.log(`  loaded on the first PSBT (bitcoinjs-lib, secp256k1):    ${kib(alone.waves[1] ?? 0)}`)
if (delta > BUDGET_BYTES) {
  console.error(`Over budget: bitcoinAdapter() adds ${kib(delta)} to the initial JS.`)
  process.exitCode = 1
}
