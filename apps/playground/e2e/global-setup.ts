import { access, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BUILT_EXTENSION_DIR } from '@latch/dev-wallet/extension'
import { savePgliteTemplate } from '@latch/server/testing'
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
  const removeDist = () => rm(outDir, { recursive: true, force: true })
  const [built, template] = await Promise.allSettled([
    build({
      root: APP_DIR,
      configFile: join(APP_DIR, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    }),
    savePgliteTemplate(),
  ])
  const remove = async () => {
    await removeDist()
    if (template.status === 'fulfilled') await template.value.remove()
  }
  // Both settle first, so whichever succeeded is removed again when the other failed.
  if (built.status === 'rejected') {
    await remove()
    throw built.reason
  }
  if (template.status === 'rejected') {
    await remove()
    throw template.reason
  }
  project.provide('playgroundDist', outDir)
  project.provide('pgliteTemplate', template.value.file)
  return remove
}
