import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const packageDir = fileURLToPath(new URL('../..', import.meta.url))

/** A throwaway build of this package: `dist/` plus a copy of `bin/`. */
export interface CompiledPackage {
  readonly dir: string
  readonly bin: string
  readonly index: string
  remove(): Promise<void>
}

/**
 * Builds the package into a private directory, so process tests run the real CLI without
 * depending on (or racing) the package's own `dist/`, which turbo builds alongside the tests.
 * The directory sits under node_modules so the build still resolves viem and anvil.
 *
 * Files are transpiled one by one with the build's own compiler options (the package sets
 * `isolatedModules`, so that is exactly what tsc emits); type checking is the typecheck task's
 * job, and skipping it keeps this well under a second instead of several.
 */
export async function compilePackage(): Promise<CompiledPackage> {
  const cacheDir = join(packageDir, 'node_modules', '.cache')
  mkdirSync(cacheDir, { recursive: true })
  const dir = mkdtempSync(join(cacheDir, 'latch-devnet-test-'))
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
    bin: join(dir, 'bin', 'latch-devnet.mjs'),
    index: join(outDir, 'index.js'),
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}

function fail(diagnostic: ts.Diagnostic): never {
  throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}
