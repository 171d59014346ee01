/**
 * vitest `globalSetup`: one migrated PGlite, dumped once per run to a file that every test
 * file's PGlite starts from (`inject('pgliteTemplate')`, harness.ts). An empty PGlite runs
 * initdb in WASM, seconds on a loaded 2-core machine; loading the dump skips it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { openPglite } from '../src/db/database.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (`PGlite.dumpDataDir`, uncompressed). */
    pgliteTemplate: string
  }
}

export default async function setup(project: Pick<TestProject, 'provide'>) {
  const dir = await mkdtemp(join(tmpdir(), 'latch-pglite-template-'))
  const client = new PGlite()
  try {
    // The same migrations the server runs, through the server's own opening path.
    const migrated = await openPglite(client)
    const dump = await client.dumpDataDir('none')
    await migrated.close()
    const file = join(dir, 'template.tar')
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()))
    project.provide('pgliteTemplate', file)
  } catch (error) {
    await client.close().catch(() => undefined)
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  return () => rm(dir, { recursive: true, force: true })
}
