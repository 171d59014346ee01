import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

/**
 * Runs a dev wallet package's real scripts/build-extension.mjs into `outDir`, as `pnpm build`
 * does into dist: tests check what the build makes, not a copy of its steps.
 */
export async function buildExtensionInto(packageDir: string, outDir: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['scripts/build-extension.mjs', '--out', outDir], {
    cwd: packageDir,
  })
}
