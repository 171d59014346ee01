import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import ts from 'typescript'

/**
 * Builds a package into a private directory, so process tests run its real CLI without
 * depending on (or racing) the package's own `dist/`, which turbo builds alongside the tests.
 * The directory sits under the package's node_modules so the build still resolves its
 * dependencies (anvil, litesvm…).
 *
 * Files are transpiled one by one with the build's own compiler options (the packages set
 * `isolatedModules`, so that is exactly what tsc emits); type checking is the typecheck task's
 * job, and skipping it keeps this well under a second instead of several.
 *
 * @param {string} packageDir the package's root (its tsconfig.build.json and bin/ are read)
 * @param {string} binName the file under bin/ that `bin` points at
 * @returns {Promise<import('./compile-package.d.ts').CompiledPackage>}
 */
export async function compilePackage(packageDir, binName) {
  const cacheDir = join(packageDir, 'node_modules', '.cache')
  mkdirSync(cacheDir, { recursive: true })
  const dir = mkdtempSync(join(cacheDir, 'latch-compiled-test-'))
  const outDir = join(dir, 'dist')

  const config = ts.getParsedCommandLineOfConfigFile(
    join(packageDir, 'tsconfig.build.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => fail(diagnostic) },
  )
  if (!config) throw new Error('tsconfig.build.json could not be read')
  const rootDir = config.options.rootDir ?? join(packageDir, 'src')
  for (const file of config.fileNames) {
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      // ESNext, because a lone file does not know the package is `"type": "module"`, which is
      // how NodeNext picks ESM for the real build.
      compilerOptions: {
        ...config.options,
        module: ts.ModuleKind.ESNext,
        sourceMap: false,
        declaration: false,
      },
      fileName: file,
    })
    const target = join(outDir, relative(rootDir, file)).replace(/\.ts$/, '.js')
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, outputText)
  }
  cpSync(join(packageDir, 'bin'), join(dir, 'bin'), { recursive: true })
  return {
    dir,
    bin: join(dir, 'bin', binName),
    index: join(outDir, 'index.js'),
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}

/** @param {import('typescript').Diagnostic} diagnostic */
function fail(diagnostic) {
  throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}
