// Issue 15's size figure: the bytes the Send and Receive views (and the send flow behind them)
// add to a host's initial JS. Goal: 0, since both views and core's send machines are loaded
// only when first used. Measured on the minimal host's build, by source map: every byte of an
// initial chunk that comes from a send or receive source file counts.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { decodeMappings, gzipSize } from './size.mjs'

/**
 * The source files of send and receive: the two views, their hooks, the QR code, and core's send
 * flow (packages/core/src/send and its wiring, latch/send-*.ts).
 */
const SEND_RECEIVE_SOURCE =
  /\/packages\/(react\/(src|dist)\/(views\/(Send|Receive)\/|hooks\/useLatchSend|components\/pairing\/QrCode)|core\/(src|dist)\/(send\/|latch\/send-))/

/** The text of a minified chunk that comes from source files matching `pattern`, by source file. */
function textBySource(chunkFile, pattern) {
  const found = new Map()
  if (!existsSync(`${chunkFile}.map`)) return found
  const lines = readFileSync(chunkFile, 'utf8').split('\n')
  const map = JSON.parse(readFileSync(`${chunkFile}.map`, 'utf8'))
  const base = resolve(dirname(chunkFile), map.sourceRoot ?? '')
  const files = map.sources.map((source) => resolve(base, source))
  decodeMappings(map.mappings).forEach((segments, index) => {
    const line = lines[index] ?? ''
    segments.forEach(([column, source], at) => {
      if (source < 0 || !pattern.test(files[source])) return
      const text = line.slice(column, segments[at + 1]?.[0])
      found.set(files[source], (found.get(files[source]) ?? '') + text)
    })
  })
  return found
}

/**
 * What send and receive weigh in the build `graph` (size.mjs's chunkGraph): their minified bytes
 * in the initial chunks (and those gzipped on their own: 0 when none), and the gzip size of
 * the lazy chunks the Send and Receive views load.
 */
export function measureSendReceiveBytes(graph) {
  const bySource = new Map()
  for (const file of graph.initial) {
    for (const [source, text] of textBySource(file, SEND_RECEIVE_SOURCE)) {
      bySource.set(source, (bySource.get(source) ?? '') + text)
    }
  }
  const initial = [...bySource.values()].join('')
  const views = graph.lazy.filter(({ loadedBy }) =>
    /\/views\/(Send|Receive)\/[^/]+\.js$/.test(loadedBy),
  )
  return {
    initialMinified: initial.length,
    initialGzip: initial.length === 0 ? 0 : gzipSize(Buffer.from(initial)),
    lazyChunks: views.length,
    lazyGzip: views.reduce((sum, { file }) => sum + gzipSize(readFileSync(file)), 0),
    /** Where the initial bytes come from, largest first: `packages/…` paths and their bytes. */
    sources: [...bySource]
      .map(([source, text]) => ({
        source: source.replace(/^.*\/packages\//, ''),
        minified: text.length,
      }))
      .sort((a, b) => b.minified - a.minified),
  }
}
