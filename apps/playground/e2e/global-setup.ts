import { access, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BUILT_EXTENSION_DIR } from '@latch/dev-wallet/extension'
import { dumpMigratedPglite } from '@latch/server'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'
import { APP_DIR } from './paths.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production build of the playground the tests serve with `vite preview`. */
    playgroundDist: string
    /** A migrated PGlite dump (a file) every stack's Latch server starts from. */
    pgliteTemplate: string
  }
}

/**
 * Builds the playground once, into a directory of its own (turbo may be building `dist` at the
 * same moment), so every test file serves the code as it is now; and dumps one migrated PGlite,
 * which every stack's server loads instead of running initdb again.
 */
export default async function setup(project: TestProject) {
  try {
    await access(join(BUILT_EXTENSION_DIR, 'manifest.json'))
  } catch {
    throw new Error(
      'The dev wallet extension is not built: run `pnpm --filter @latch/dev-wallet build`.',
    )
  }
  const outDir = await mkdtemp(join(tmpdir(), 'latch-playground-e2e-'))
  const templateDir = await mkdtemp(join(tmpdir(), 'latch-playground-pglite-'))
  const remove = () =>
    Promise.all([outDir, templateDir].map((dir) => rm(dir, { recursive: true, force: true })))
  try {
    const template = join(templateDir, 'template.tar')
    const [dump] = await Promise.all([
      dumpMigratedPglite(),
      build({
        root: APP_DIR,
        configFile: join(APP_DIR, 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true },
      }),
    ])
    await writeFile(template, new Uint8Array(await dump.arrayBuffer()))
    project.provide('playgroundDist', outDir)
    project.provide('pgliteTemplate', template)
  } catch (error) {
    await remove()
    throw error
  }
  return async () => {
    await remove()
  }
}
