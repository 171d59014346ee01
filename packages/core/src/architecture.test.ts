import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importCycles } from '@latch/vitest-config/import-cycles'
import { describe, expect, it } from 'vitest'
import { builtInFlows } from './flows/list.js'

/*
 * The layout ARCHITECTURE.md describes, held to by the code itself: no import cycle, one actor
 * system (createLatch's is core's only createActor), and flows that are modules (a flow's
 * folder imports no other flow's; a view belongs to one flow).
 */

const srcDir = fileURLToPath(new URL('.', import.meta.url))
const packageDir = join(srcDir, '..')
const flowsDir = join(srcDir, 'flows')

/** Core's source files (tests and test helpers left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path)
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : []
  })
}

/** The relative imports of `file` (static, type-only, re-exports and dynamic), resolved. */
function relativeImports(file: string, code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map((m) =>
    resolve(dirname(file), m[1]!),
  )
}

/** The flow folder a file is in (`flows/send/…` → `send`), if any. */
function flowOf(file: string): string | undefined {
  const path = relative(flowsDir, file)
  if (path.startsWith('..')) return undefined
  const [folder, rest] = path.split(sep)
  return rest ? folder : undefined
}

/** Imports from one flow's folder into another's. */
function crossFlowImports(files: ReadonlyArray<{ file: string; code: string }>): string[] {
  return files.flatMap(({ file, code }) => {
    const own = flowOf(file)
    if (!own) return []
    return relativeImports(file, code)
      .filter((target) => {
        const theirs = flowOf(target)
        return theirs !== undefined && theirs !== own
      })
      .map((target) => `${relative(srcDir, file)} imports ${relative(srcDir, target)}`)
  })
}

describe('core holds to its architecture (ARCHITECTURE.md)', () => {
  it('has no import cycle, type-only and dynamic imports included, from any entry', async () => {
    const entries = [
      'src/index.ts',
      'src/api/index.ts',
      'src/clients/index.ts',
      'src/testing/index.ts',
    ]
    expect(await importCycles(packageDir, entries)).toEqual([])
  })

  it('runs one actor system: createLatch makes the only actor, every other is its child', () => {
    const creators = sourceFiles(srcDir)
      .filter((file) => !file.includes(`${sep}testing${sep}`))
      .filter((file) => /\bcreateActor\s*\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(srcDir, file))
    expect(creators).toEqual([join('latch', 'create-latch.ts')])
  })

  it("keeps each flow to its folder: no flow imports another flow's files", () => {
    const files = sourceFiles(srcDir).map((file) => ({ file, code: readFileSync(file, 'utf8') }))
    expect(crossFlowImports(files)).toEqual([])
  })

  it('the check above finds a flow importing another, and lets it import the shared parts', () => {
    const file = join(flowsDir, 'send', 'send.flow.ts')
    const code = [
      "import { socialFlow } from '../social/social.flow.js'",
      "import type { FlowPort } from '../port.js'",
      "const lazy = () => import('../email/email.runtime.js')",
      "import { LatchError } from '../../errors/latch-error.js'",
    ].join('\n')
    expect(crossFlowImports([{ file, code }])).toEqual([
      `${join('flows', 'send', 'send.flow.ts')} imports ${join('flows', 'social', 'social.flow.js')}`,
      `${join('flows', 'send', 'send.flow.ts')} imports ${join('flows', 'email', 'email.runtime.js')}`,
    ])
  })

  it('gives each view to one flow, and each flow its own id', () => {
    const ids = builtInFlows.modules.map((module) => module.id)
    expect(new Set(ids).size).toBe(ids.length)
    const views = builtInFlows.modules.flatMap((module) => module.views)
    expect(new Set(views).size).toBe(views.length)
  })
})
