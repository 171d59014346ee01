/**
 * vitest `globalSetup`: one migrated PGlite, dumped once per run to a file that every test
 * file's PGlite starts from (`inject('pgliteTemplate')`, harness.ts). An empty PGlite runs
 * initdb in WASM, seconds on a loaded 2-core machine; loading the dump skips it.
 */
import type { TestProject } from 'vitest/node'
import { savePgliteTemplate } from '../src/testing/pglite-template.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (`PGlite.dumpDataDir`, uncompressed). */
    pgliteTemplate: string
  }
}

export default async function setup(project: Pick<TestProject, 'provide'>) {
  const template = await savePgliteTemplate()
  project.provide('pgliteTemplate', template.file)
  return template.remove
}
