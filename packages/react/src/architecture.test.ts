// @vitest-environment node
import { importCycles } from '@latch/vitest-config/import-cycles'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const viewsDir = join(packageRoot, 'src', 'views')
/** The one folder under views/ that is not a flow: the parts two flows share. */
const SHARED = 'shared'

/** The folder under views/ a file sits in (a flow, or `shared`); undefined for any other file. */
function folderOf(file: string): string | undefined {
  const path = relative(viewsDir, file).split(sep)
  return path.length > 1 && path[0] !== '..' ? path[0] : undefined
}

/** The relative specifiers `source` imports: static, type-only, re-exported and dynamic alike. */
function relativeImports(source: string): string[] {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
}

/** The source file a `.js` specifier names (`./Connect.js` is `./Connect.tsx`), if there is one. */
function sourceOf(path: string): string | undefined {
  const stem = path.replace(/\.js$/, '')
  return [path, `${stem}.ts`, `${stem}.tsx`].find((candidate) => existsSync(candidate))
}

/** Whether a file of views/ outside the folders (registry.tsx, messages.ts) imports a flow. */
function composesFlows(file: string): boolean {
  return relativeImports(readFileSync(file, 'utf8')).some((specifier) => {
    const folder = folderOf(resolve(dirname(file), specifier))
    return folder !== undefined && folder !== SHARED
  })
}

/**
 * What `file` (with `source`) imports that its folder must not: a flow imports only its own
 * folder, `shared` and what is outside views/; `shared` imports no flow; neither imports a
 * module of views/ that itself imports the flows (the registry, the catalogue).
 */
function crossFlowImports(file: string, source: string): string[] {
  const own = folderOf(file)
  if (own === undefined) return []
  return relativeImports(source).flatMap((specifier) => {
    const target = resolve(dirname(file), specifier)
    const folder = folderOf(target)
    const targetFile = sourceOf(target)
    const crossing =
      folder === undefined
        ? relative(viewsDir, target).split(sep)[0] !== '..' &&
          targetFile !== undefined &&
          composesFlows(targetFile)
        : folder !== own && folder !== SHARED
    return crossing ? [`${relative(viewsDir, file)} imports ${specifier}`] : []
  })
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return filesUnder(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

describe("the package's architecture", () => {
  it('has no import cycle, type-only and dynamic imports included', async () => {
    expect(await importCycles(packageRoot, ['src/index.ts'])).toEqual([])
  })

  const files = filesUnder(viewsDir).filter((file) => folderOf(file) !== undefined)

  it('finds the flows to check', () => {
    const flows = new Set(files.map(folderOf))
    expect(flows.size).toBeGreaterThan(10)
    expect(flows.has(SHARED)).toBe(true)
  })

  it("no flow's views import another flow (a view imports shared parts and its own flow's)", () => {
    const offenders = files.flatMap((file) => crossFlowImports(file, readFileSync(file, 'utf8')))
    expect(offenders).toEqual([])
  })

  it('the check itself catches an import of another flow', () => {
    const connect = join(viewsDir, 'choose-wallet', 'Connect.tsx')
    const source = [
      "import type { ViewProps } from '../view-props.js'",
      "import { FailureText } from '../shared/FailureText.js'",
      "import { WalletSection } from './WalletSection.js'",
      "import { useLatch } from '../../hooks/useLatch.js'",
      "import type { EmailSection } from '../email/EmailSection.js'",
      "export { SocialSection } from '../social/SocialSection.js'",
      "const lazyView = () => import('../farcaster/FarcasterButton.js')",
      "import { views } from '../registry.js'",
    ].join('\n')
    expect(crossFlowImports(connect, source)).toEqual([
      `choose-wallet${sep}Connect.tsx imports ../email/EmailSection.js`,
      `choose-wallet${sep}Connect.tsx imports ../social/SocialSection.js`,
      `choose-wallet${sep}Connect.tsx imports ../farcaster/FarcasterButton.js`,
      `choose-wallet${sep}Connect.tsx imports ../registry.js`,
    ])
    const shared = join(viewsDir, SHARED, 'OtpForm.tsx')
    expect(
      crossFlowImports(shared, "import { useEmailLogin } from '../email/useEmailLogin.js'"),
    ).toEqual([`${SHARED}${sep}OtpForm.tsx imports ../email/useEmailLogin.js`])
  })
})
