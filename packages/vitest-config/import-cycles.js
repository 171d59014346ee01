import { parseCircular, parseDependencyTree } from 'dpdm'

/**
 * The import cycles reachable from `entries`, runtime and type-only imports alike (dpdm reads
 * `import type` as an edge too, which is what a reader follows). Dynamic imports count: a lazy
 * view that imports its registry back is still a cycle to read through.
 *
 * @param {string} cwd the package's root
 * @param {string[]} entries files under `cwd`, e.g. `['src/index.ts']`
 * @returns {Promise<string[][]>} each cycle as the files it passes through, relative to `cwd`
 */
export async function importCycles(cwd, entries) {
  const tree = await parseDependencyTree(entries, {
    cwd,
    context: cwd,
    transform: false,
    skipDynamicImports: false,
    include: /\.(ts|tsx|mts|js|mjs)$/,
    exclude: /node_modules/,
  })
  return parseCircular(tree)
}

/**
 * Every file reachable from `entries` (its own imports followed, packages left out).
 *
 * @param {string} cwd
 * @param {string[]} entries
 * @returns {Promise<string[]>}
 */
export async function reachableFiles(cwd, entries) {
  const tree = await parseDependencyTree(entries, {
    cwd,
    context: cwd,
    transform: false,
    skipDynamicImports: false,
    include: /\.(ts|tsx|mts|js|mjs)$/,
    exclude: /node_modules/,
  })
  return Object.keys(tree).filter((file) => tree[file] !== null)
}
