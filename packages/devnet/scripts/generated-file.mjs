// What both generators (compile-contracts.mjs, uniswap-artifacts.mjs) do with their output file.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/** The file's text, or undefined when it does not exist yet. */
export function readIfExists(file) {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/**
 * Formats `body` with the repository's Prettier settings (`prettier --check .` at the root does
 * not read this package's .gitignore) and writes it through a rename, so a concurrent build,
 * typecheck or test never reads half a file.
 */
export async function writeGenerated(outFile, body) {
  const prettier = await import('prettier')
  const options = (await prettier.resolveConfig(outFile)) ?? {}
  const formatted = await prettier.format(body, { ...options, filepath: outFile })
  mkdirSync(dirname(outFile), { recursive: true })
  const tmpFile = `${outFile}.${process.pid}.tmp`
  writeFileSync(tmpFile, formatted)
  renameSync(tmpFile, outFile)
}
