// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const srcDir = fileURLToPath(new URL('.', import.meta.url))
/** Attributes a person reads or hears: they must come from the catalogue too. */
const SPOKEN_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt'])

function componentFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'test' ? [] : componentFiles(path)
    return /\.tsx$/.test(name) && !/\.(test|stories)\.tsx$/.test(name) ? [path] : []
  })
}

/** Every user-visible literal in a component: JSX text with letters, and spoken attributes. */
function literalsIn(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  )
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(node.text.trim())
    if (
      ts.isJsxAttribute(node) &&
      SPOKEN_ATTRIBUTES.has(node.name.getText(source)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      /\p{L}/u.test(node.initializer.text)
    ) {
      found.push(`${node.name.getText(source)}="${node.initializer.text}"`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('strings come from the message catalogue', () => {
  const files = componentFiles(srcDir)

  it('finds the components to check', () => {
    expect(files.length).toBeGreaterThan(15)
  })

  it('no component has a user-visible string literal', () => {
    const offenders = files.flatMap((file) =>
      literalsIn(file).map((text) => `${relative(srcDir, file)}: ${text}`),
    )
    expect(offenders).toEqual([])
  })

  it('the check itself catches a literal', () => {
    const probe = join(srcDir, 'test', 'literal-probe.fixture.tsx')
    expect(literalsIn(probe)).toEqual(['Connect now', 'aria-label="Close it"'])
  })
})
