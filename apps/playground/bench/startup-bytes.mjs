// What a feature adds to the minimal host's start-up JS (apps/minimal-host, the README's example),
// for the benches of features that are runtime switches (Farcaster, email): their code ships in
// the initial chunks whatever the switch says, so it is found by the build's source maps, not by
// comparing builds.
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { build } from 'vite'
import { chunkGraph, decodeMappings, gzipSize } from '../../minimal-host/bench/size.mjs'
import { APP_DIR } from './social-stack.mjs'

export const MINIMAL_HOST_DIR = join(APP_DIR, '..', 'minimal-host')

/**
 * Builds a host with the minimal host's Vite config (root `root`, the minimal host itself unless
 * told) into a throwaway directory, with a manifest and hidden source maps; returns that
 * directory. Call it before any TypeScript is loaded through Vite's module runner (see
 * buildPlayground in social-stack.mjs).
 */
export async function buildMinimalHost(cleanups, root = MINIMAL_HOST_DIR) {
  const outDir = await mkdtemp(join(tmpdir(), 'latch-bench-minimal-host-'))
  cleanups.push(() => rm(outDir, { recursive: true, force: true }))
  await build({
    root,
    configFile: join(MINIMAL_HOST_DIR, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: 'hidden' },
  })
  return outDir
}

/**
 * The initial chunks' code (of the build in `outDir`) whose source path matches `isFeature`: see
 * {@link bytesMatching}.
 */
export const startupBytesMatching = (outDir, isFeature) =>
  bytesMatching(chunkGraph(outDir).initial, isFeature)

/**
 * The code of `chunks` (built files with their `.map`) whose source path matches `isFeature`,
 * minified and gzipped on its own, and the files it comes from (from `packages/` or `apps/`).
 */
export function bytesMatching(chunks, isFeature) {
  let text = ''
  const files = new Set()
  for (const chunk of chunks) {
    if (!existsSync(`${chunk}.map`)) continue
    const code = readFileSync(chunk, 'utf8').split('\n')
    const map = JSON.parse(readFileSync(`${chunk}.map`, 'utf8'))
    const base = resolve(dirname(chunk), map.sourceRoot ?? '')
    const matches = map.sources.map((source) => isFeature.test(source))
    decodeMappings(map.mappings).forEach((segments, line) => {
      segments.forEach(([column, source], at) => {
        if (source < 0 || !matches[source]) return
        files.add(resolve(base, map.sources[source]).replace(/^.*\/(packages|apps)\//, '$1/'))
        text += (code[line] ?? '').slice(column, segments[at + 1]?.[0] ?? undefined)
      })
    })
  }
  return { minified: text.length, gzip: text ? gzipSize(Buffer.from(text)) : 0, files: [...files] }
}
