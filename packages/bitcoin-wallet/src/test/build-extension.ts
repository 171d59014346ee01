import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'

const packageDir = join(import.meta.dirname, '..', '..')

/** Runs the real scripts/build-extension.mjs into `outDir`, as `pnpm build` does into dist. */
export async function buildExtensionInto(outDir: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['scripts/build-extension.mjs', '--out', outDir], {
    cwd: packageDir,
  })
}
