import { access, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BUILT_EXTENSION_DIR } from '@latch/dev-wallet/extension'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'
import { APP_DIR } from './paths.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production build of the playground the tests serve with `vite preview`. */
    playgroundDist: string
  }
}

/**
 * Builds the playground once, into a directory of its own (turbo may be building `dist` at the
 * same moment), so every test file serves the code as it is now.
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
  await build({
    root: APP_DIR,
    configFile: join(APP_DIR, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  })
  project.provide('playgroundDist', outDir)
  return async () => {
    await rm(outDir, { recursive: true, force: true })
  }
}
