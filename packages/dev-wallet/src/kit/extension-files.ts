// Node only: the browser bundles never import this module (it is the `kit/node` entry's).
import { access, copyFile, cp, mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'

/** Paths of a written extension. */
export interface WrittenExtension {
  outDir: string
  manifestPath: string
  configPath: string
}

export interface CopyExtensionOptions {
  /** The built, unconfigured extension (with its manifest.json). */
  sourceDir: string
  /** Where the configured, loadable extension goes (for Chromium's --load-extension). */
  outDir: string
  /** The config.js source, which sets the configuration in the page's MAIN world. */
  configScript: string
  /** The package whose build makes `sourceDir`, named in the error when it was not built. */
  packageName: string
}

/**
 * Copies a built extension to `outDir` and writes its config.js: the content script runs in the
 * page's MAIN world, where it cannot fetch anything from the extension, so the configuration
 * travels as a script the manifest loads first.
 */
export async function copyConfiguredExtension(
  options: CopyExtensionOptions,
): Promise<WrittenExtension> {
  try {
    await access(join(options.sourceDir, 'manifest.json'))
  } catch {
    throw new Error(
      `No built extension in ${options.sourceDir}: run \`pnpm --filter ${options.packageName} build\` first.`,
    )
  }
  const outDir = resolve(options.outDir)
  await cp(options.sourceDir, outDir, { recursive: true })
  const configPath = join(outDir, 'config.js')
  await writeFile(configPath, options.configScript)
  return { outDir, manifestPath: join(outDir, 'manifest.json'), configPath }
}

export interface WriteExtensionOptions<Config> {
  /** Where the configured, loadable extension goes (for Chromium's --load-extension). */
  outDir: string
  config: Config
  /** The built extension to copy; the package's `BUILT_EXTENSION_DIR` by default. */
  sourceDir?: string
}

export interface ExtensionWriterOptions<Config> {
  /** The package's name, for the error when its extension was not built. */
  packageName: string
  /** The package's built extension (dist/extension). */
  builtDir: string
  /** Throws the wallet's own error for a configuration it would refuse. */
  validate(config: Config): void
  /** The config.js source for a configuration. */
  configScript(config: Config): string
}

/**
 * Makes a package's `writeExtension`: it checks the configuration first, so that a bad one fails
 * with the wallet's own message rather than silently inside a browser page, then copies the built
 * extension with its config.js.
 */
export function createExtensionWriter<Config>(
  writer: ExtensionWriterOptions<Config>,
): (options: WriteExtensionOptions<Config>) => Promise<WrittenExtension> {
  return async (options) => {
    writer.validate(options.config)
    return copyConfiguredExtension({
      sourceDir: options.sourceDir ?? writer.builtDir,
      outDir: options.outDir,
      configScript: writer.configScript(options.config),
      packageName: writer.packageName,
    })
  }
}

export interface BuildExtensionOptions {
  /** The package's directory: src/content-script.ts and extension/manifest.json are read there. */
  packageDir: string
  /** The package's name, for the placeholder config.js and the log line. */
  packageName: string
  /** The command-line arguments: `--out <dir>` overrides the default dist/extension. */
  argv?: readonly string[]
}

/**
 * Builds an unpacked Chromium extension: the MAIN-world content script bundled for the browser,
 * the manifest, and a placeholder config.js (copyConfiguredExtension() writes the real one).
 * Returns the directory written.
 */
export async function buildExtension(options: BuildExtensionOptions): Promise<string> {
  // Loaded here so that writing an extension (the common use of this module) needs no esbuild.
  const { build } = await import('esbuild')
  const { packageDir, packageName, argv = [] } = options
  const outFlag = argv.indexOf('--out')
  const outDir =
    outFlag === -1 ? join(packageDir, 'dist/extension') : resolve(argv[outFlag + 1] ?? '')

  await rm(outDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  await build({
    entryPoints: [join(packageDir, 'src/content-script.ts')],
    outfile: join(outDir, 'content.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    legalComments: 'none',
    // Injected into every local page: smaller parses faster (most of a bundle is the chain library).
    minify: true,
    logLevel: 'warning',
  })
  await copyFile(join(packageDir, 'extension/manifest.json'), join(outDir, 'manifest.json'))
  await writeFile(
    join(outDir, 'config.js'),
    `// No configuration yet: write the extension with writeExtension() from ${packageName}/extension.\n`,
  )
  return outDir
}
