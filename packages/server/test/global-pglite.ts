/**
 * vitest `globalSetup`: one migrated PGlite, dumped once per run to a file that every test
 * file's PGlite starts from (`inject('pgliteTemplate')`, harness.ts). An empty PGlite runs
 * initdb in WASM, seconds on a loaded 2-core machine; loading the dump skips it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { dumpMigratedPglite } from '../src/db/database.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (`PGlite.dumpDataDir`, uncompressed). */
    pgliteTemplate: string
  }
}

export default async function setup(project: Pick<TestProject, 'provide'>) {
  const dir = await mkdtemp(join(tmpdir(), 'latch-pglite-template-'))
  try {
    const file = join(dir, 'template.tar')
    await writeFile(file, new Uint8Array(await (await dumpMigratedPglite()).arrayBuffer()))
    project.provide('pgliteTemplate', file)
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  return () => rm(dir, { recursive: true, force: true })
}
