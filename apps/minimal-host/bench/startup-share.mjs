// The start-up share alone (Latch's initial JS, React apart; and all JS, lazy chunks included),
// from one build of the minimal host: the quick figure of `pnpm bench`'s first table, for a
// change that moves code between chunks. `node bench/startup-share.mjs`.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { chunkGraph, measureInitialJs, measureLazyJs } from './size.mjs'

const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
const KIB = 1024
const outDir = await mkdtemp(join(tmpdir(), 'latch-startup-share-'))
try {
  await build({
    root: APP_DIR,
    configFile: join(APP_DIR, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: 'hidden' },
  })
  const graph = chunkGraph(outDir)
  const initial = measureInitialJs(graph.initial)
  const lazy = measureLazyJs(graph.lazy)
  const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`
  console.log(`initial JS, gzip: ${kib(initial.totalGzip)} (${graph.initial.length} chunks)`)
  console.log(`Latch's share (total − React): ${kib(initial.latchGzip)}`)
  console.log(
    `lazy JS, gzip: ${kib(lazy.viewGzip + lazy.otherGzip)} ` +
      `(${lazy.viewChunks} view chunks ${kib(lazy.viewGzip)}, ${lazy.otherChunks} others ${kib(lazy.otherGzip)})`,
  )
  console.log(`all JS, gzip: ${kib(initial.totalGzip + lazy.viewGzip + lazy.otherGzip)}`)
} finally {
  await rm(outDir, { recursive: true, force: true })
}
