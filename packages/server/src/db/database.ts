import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { schema } from './schema.js'

/** The versioned migrations, generated from `schema.ts` by drizzle-kit. */
const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url))
/** One lock id for every instance's migration step (`pg_advisory_lock`). */
const MIGRATION_LOCK = 7_361_824_001

/** The server's database: the same drizzle API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  readonly db: Db
  /** `pglite` (embedded) or `postgres`. */
  readonly kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

/** Where the data is. */
export interface DatabaseOptions {
  /** `postgres://…`: PostgreSQL through node-postgres. Wins over `dataDir`. */
  url?: string
  /** PGlite's data directory; absent: PGlite in memory (tests). */
  dataDir?: string
  /** node-postgres pool size per instance. */
  poolSize?: number
  /**
   * PGlite in memory only: a dumped data directory (`PGlite.dumpDataDir`) to start from instead
   * of an empty one. initdb is most of PGlite's start-up, so the tests start every database from
   * one migrated dump; the migrations still run (and find nothing to do).
   */
  template?: Blob
}

/**
 * Opens the database and brings its schema up to date. On PostgreSQL the migrations run under an
 * advisory lock, so several instances starting at once on one database migrate it exactly once.
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10)
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : new PGlite(options.template ? { loadDataDir: options.template } : {})
  return openPglite(client)
}

/** The server's database on a PGlite `client` it now owns, migrated. */
export async function openPglite(client: PGlite): Promise<Database> {
  const db = drizzlePglite({ client, schema })
  await migratePglite(db, { migrationsFolder: MIGRATIONS })
  return { db, kind: 'pglite', close: () => client.close() }
}

/**
 * A migrated, empty PGlite data directory, dumped (uncompressed) for {@link DatabaseOptions.template}:
 * what a test run makes once so that each of its in-memory databases skips initdb and the
 * migrations' work, seconds each on a loaded 2-core machine.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = new PGlite()
  try {
    await openPglite(client)
    return await client.dumpDataDir('none')
  } finally {
    await client.close()
  }
}

async function openPostgres(url: string, max: number): Promise<Database> {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://')
  }
  const pool = new pg.Pool({ connectionString: url, max })
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on('error', () => undefined)
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  } finally {
    client.release()
  }
  return { db: drizzlePg({ client: pool, schema }), kind: 'postgres', close: () => pool.end() }
}

/** Runs `fn` holding a database-wide lock: one instance at a time, fleet-wide. */
export async function withLock<T>(db: Db, lockId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockId})`)
    return fn(tx)
  })
}
