import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dumpMigratedPglite } from '../db/database.js'

/** A migrated PGlite dump saved in a fresh directory of its own. */
export interface SavedPgliteTemplate {
  /** The dump (`PGlite.dumpDataDir`, uncompressed): hand it to {@link readPgliteTemplate}. */
  readonly file: string
  /** Removes the directory; safe to call twice. */
  remove(): Promise<void>
}

/**
 * For a test run's global setup: one migrated, empty PGlite dumped to a file, which every test
 * worker reads once ({@link readPgliteTemplate}) and starts each in-memory database from
 * (`openDatabase({ template })`), skipping initdb, seconds a database on a loaded 2-core machine.
 * A path crosses vitest's `provide`; a Blob would not.
 */
export async function savePgliteTemplate(): Promise<SavedPgliteTemplate> {
  const dir = await mkdtemp(join(tmpdir(), 'latch-pglite-template-'))
  const remove = () => rm(dir, { recursive: true, force: true })
  try {
    const file = join(dir, 'template.tar')
    await writeFile(file, new Uint8Array(await (await dumpMigratedPglite()).arrayBuffer()))
    return { file, remove }
  } catch (error) {
    await remove()
    throw error
  }
}

/** The dump {@link savePgliteTemplate} wrote, as `openDatabase`'s `template`. */
export async function readPgliteTemplate(file: string): Promise<Blob> {
  return new Blob([await readFile(file)])
}
