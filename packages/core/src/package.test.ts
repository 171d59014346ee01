import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { touchedBrowserGlobals } from './test/browser-globals.js'

const srcDir = fileURLToPath(new URL('.', import.meta.url))
const packageJson = JSON.parse(readFileSync(join(srcDir, '..', 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path)
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : []
  })
}

const bareImports = (code: string) =>
  [...code.matchAll(/(?:from|import)\s*\(?\s*['"]([^'".][^'"]*)['"]/g)].map((m) => m[1]!)

/** `zod/mini` → `zod`, `@scope/name/sub` → `@scope/name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

describe('@latch/core package boundaries', () => {
  const files = sourceFiles(srcDir)

  // @latch/frame is Latch's own secure-frame protocol (zod only); core loads its client lazily.
  it('imports nothing from React, a chain library or Node: only xstate, zod and @latch/frame', () => {
    const imported = new Set(
      files.flatMap((file) => bareImports(readFileSync(file, 'utf8')).map(packageOf)),
    )
    expect([...imported].sort()).toEqual(['@latch/frame', 'xstate', 'zod'])
    expect(Object.keys(packageJson.dependencies).sort()).toEqual(['@latch/frame', 'xstate', 'zod'])
  })

  it('validates with zod/mini only: full zod would weigh on every host page at start-up', () => {
    const zodImports = new Set(
      files.flatMap((file) =>
        bareImports(readFileSync(file, 'utf8')).filter((name) => packageOf(name) === 'zod'),
      ),
    )
    expect([...zodImports].sort()).toEqual(['zod/locales', 'zod/mini'])
  })

  it('keeps test helpers out of the published sources', () => {
    for (const file of files) {
      const code = readFileSync(file, 'utf8')
      expect(code, relative(srcDir, file)).not.toMatch(/from '\.\.?\/(\.\.\/)*test\//)
    }
  })

  it('touches no window, document, storage or indexedDB when imported', async () => {
    // navigator is left out: zod reads navigator.userAgent once to decide whether it may JIT.
    const names = ['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'location']
    const touched = await touchedBrowserGlobals(names, async () => {
      const core = await import('./index.js')
      expect(typeof core.createLatch).toBe('function')
    })
    expect(touched).toEqual([])
    // Transforming every source file on first import is slow on a loaded 2-core machine.
  }, 60_000)

  it('keeps every source file under 400 lines', () => {
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n').length
      expect(lines, relative(srcDir, file)).toBeLessThan(400)
    }
  })
})
