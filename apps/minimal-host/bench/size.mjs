// The initial JS the fixture ships, from a production build's manifest and source maps: what a
// visitor's browser downloads before the page runs (the entry and every chunk it imports
// statically, which Vite modulepreloads), gzip at level 9, and which packages it is made of.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

/** React's own share: the packages React itself is made of. */
export const REACT_PACKAGES = ['react', 'react-dom', 'scheduler']
/** Code the bundler adds (module wrappers, interop helpers): it maps to no source file. */
export const BUNDLER_RUNTIME = '(bundler runtime)'
/**
 * @latch/walletconnect's entry, the `walletConnect()` option factory a host imports: counted
 * apart from the client it loads on first pairing, which must stay out of the initial JS.
 */
export const WALLETCONNECT_OPTION = '@latch/walletconnect (walletConnect() option)'
const WALLETCONNECT_OPTION_FILE = /\/packages\/walletconnect\/(src|dist)\/(index|connector)\.[jt]s$/

export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length

/**
 * Reads the build's manifest: the initial chunks (the HTML entry plus its static imports,
 * transitively) and the lazy ones (reached only through a dynamic import), each lazy chunk
 * grouped by the dynamic entry that first reaches it.
 */
export function chunkGraph(outDir, entry = 'index.html') {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'))
  const staticClosure = (keys, into = new Set()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue
      into.add(key)
      staticClosure(manifest[key].imports ?? [], into)
    }
    return into
  }
  const initial = staticClosure([entry])
  const lazy = new Map() // chunk key -> the dynamic entry that loads it
  const queue = [...initial]
  while (queue.length > 0) {
    for (const dynamicEntry of manifest[queue.shift()].dynamicImports ?? []) {
      for (const key of staticClosure([dynamicEntry])) {
        if (initial.has(key) || lazy.has(key)) continue
        lazy.set(key, dynamicEntry)
        queue.push(key)
      }
    }
  }
  const file = (key) => join(outDir, manifest[key].file)
  return {
    initial: [...initial].map(file),
    lazy: [...lazy].map(([key, dynamicEntry]) => ({
      file: file(key),
      loadedBy: manifest[dynamicEntry]?.src ?? dynamicEntry,
    })),
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]))

/** One Base64 VLQ segment of a source map's `mappings` as its numbers. */
function decodeVlq(text) {
  const values = []
  let value = 0
  let shift = 0
  for (const char of text) {
    const digit = BASE64_VALUE.get(char)
    if (digit === undefined) throw new Error(`Invalid source map mappings: ${text}`)
    value += (digit & 31) * 2 ** shift
    if (digit & 32) {
      shift += 5
      continue
    }
    values.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2)
    value = 0
    shift = 0
  }
  return values
}

/**
 * For each generated line, its segments as `[column, sourceIndex]` (sourceIndex -1 when the
 * segment maps to no source). Only the source index is tracked: it is all attribution needs.
 */
export function decodeMappings(mappings) {
  let source = 0
  return mappings.split(';').map((line) => {
    let column = 0
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const fields = decodeVlq(segment)
        column += fields[0]
        if (fields.length < 4) return [column, -1]
        source += fields[1]
        return [column, source]
      })
  })
}

const packageByDir = new Map()
/** The `name` of the nearest package.json above a file (nested ones without a name skipped). */
function packageOf(file) {
  const seen = []
  let dir = dirname(file)
  let name = BUNDLER_RUNTIME
  for (;;) {
    if (packageByDir.has(dir)) {
      name = packageByDir.get(dir)
      break
    }
    seen.push(dir)
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8'))
      if (typeof parsed.name === 'string') {
        name = parsed.name
        break
      }
    }
    const parent = dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  for (const each of seen) packageByDir.set(each, name)
  return name
}

/**
 * Splits a minified chunk into the packages its bytes come from, by its source map: each mapped
 * segment runs until the next one, and belongs to the package of its source file.
 * Returns package name -> the chunk's text from that package.
 */
export function splitByPackage(chunkFile) {
  const code = readFileSync(chunkFile, 'utf8')
  // The bundler's own helper chunk (rolldown-runtime) comes without a source map: all of it is
  // the bundler's.
  if (!existsSync(`${chunkFile}.map`)) return new Map([[BUNDLER_RUNTIME, code]])
  const map = JSON.parse(readFileSync(`${chunkFile}.map`, 'utf8'))
  const base = resolve(dirname(chunkFile), map.sourceRoot ?? '')
  const owners = map.sources.map((source) => {
    if (source.startsWith('\0') || !existsSync(resolve(base, source))) return BUNDLER_RUNTIME
    const file = resolve(base, source)
    return WALLETCONNECT_OPTION_FILE.test(file) ? WALLETCONNECT_OPTION : packageOf(file)
  })
  const parts = new Map()
  const add = (name, text) => {
    if (!text) return
    const list = parts.get(name)
    if (list) list.push(text)
    else parts.set(name, [text])
  }
  const lines = code.split('\n')
  decodeMappings(map.mappings).forEach((segments, index) => {
    const line = lines[index] ?? ''
    add(BUNDLER_RUNTIME, line.slice(0, segments[0]?.[0] ?? line.length))
    segments.forEach(([column, source], at) => {
      const end = segments[at + 1]?.[0] ?? line.length
      add(source < 0 ? BUNDLER_RUNTIME : owners[source], line.slice(column, end))
    })
  })
  return new Map([...parts].map(([name, list]) => [name, list.join('')]))
}

/**
 * The initial JS, measured: each file's real gzip size (as served), summed; and each package's
 * estimated share of that sum. A package's estimate is its minified code (from every initial
 * chunk) gzipped on its own, scaled so that the packages add up to the real total: this keeps
 * each package's own compressibility (a data table packs better than logic) without counting
 * twice what gzip shares across packages.
 */
export function measureInitialJs(files) {
  const totalGzip = files.reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0)
  const texts = new Map()
  for (const file of files) {
    for (const [name, text] of splitByPackage(file)) {
      texts.set(name, (texts.get(name) ?? '') + text)
    }
  }
  const alone = [...texts].map(([name, text]) => [name, gzipSize(Buffer.from(text))])
  const scale = totalGzip / alone.reduce((sum, [, size]) => sum + size, 0)
  const packages = alone
    .map(([name, size]) => ({ name, gzip: size * scale, minified: texts.get(name).length }))
    .sort((a, b) => b.gzip - a.gzip)
  const react = packages
    .filter((entry) => REACT_PACKAGES.includes(entry.name))
    .reduce((sum, entry) => sum + entry.gzip, 0)
  return {
    files: files.length,
    totalGzip,
    reactGzip: react,
    latchGzip: totalGzip - react,
    packages,
  }
}

/** The lazy chunks' gzip total, the view chunks (loaded for a view of @latch/react) apart. */
export function measureLazyJs(lazy) {
  const isView = ({ loadedBy }) => /\/views\/[^/]+\/[^/]+\.js$/.test(loadedBy)
  const total = (list) => list.reduce((sum, { file }) => sum + gzipSize(readFileSync(file)), 0)
  const views = lazy.filter(isView)
  const others = lazy.filter((chunk) => !isView(chunk))
  return {
    viewChunks: views.length,
    viewGzip: total(views),
    viewNames: [...new Set(views.map(({ loadedBy }) => loadedBy.match(/([^/]+)\.js$/)[1]))],
    otherChunks: others.length,
    otherGzip: total(others),
  }
}
