import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, inject } from 'vitest'
import { parseServerConfig } from '../src/config/load.js'
import type { ServerConfig, ServerConfigInput } from '../src/config/schema.js'
import { openDatabase, type Database } from '../src/db/database.js'
import { createServer, type CreateServerOptions, type LatchServer } from '../src/server.js'
import { createTestDatabase } from '../src/testing/postgres-cluster.js'
import { readPgliteTemplate } from '../src/testing/pglite-template.js'

/** The origin the test pages call from. */
export const TEST_ORIGIN = 'http://127.0.0.1:5173'

/** A project id no other test uses, so tests sharing a database never see each other's rows. */
export function uniqueProjectId(): string {
  return `p-${randomUUID().slice(0, 13)}`
}

/**
 * A checked configuration with one fresh project (`config.projects[0]`), allowed from
 * {@link TEST_ORIGIN}; `overrides` replaces top-level fields, `project` the project's.
 */
export function testConfig(
  project: Partial<ServerConfigInput['projects'][number]> = {},
  overrides: Partial<Omit<ServerConfigInput, 'projects'>> = {},
): ServerConfig {
  return parseServerConfig({
    projects: [{ id: uniqueProjectId(), allowedOrigins: [TEST_ORIGIN], ...project }],
    ...overrides,
  })
}

/** One of the two databases the storage suite runs on. */
export interface TestDatabaseKind {
  name: 'PGlite' | 'PostgreSQL'
  /** Opens (and migrates) a fresh database of this kind. */
  open(): Promise<Database>
}

let template: Promise<Blob> | undefined
/** The run's migrated PGlite dump (global-pglite.ts), read once per test file. */
export const pgliteTemplate = () => (template ??= readPgliteTemplate(inject('pgliteTemplate')))

export const pglite: TestDatabaseKind = {
  name: 'PGlite',
  open: async () => openDatabase({ template: await pgliteTemplate() }),
}

/** A fresh database on the run's throwaway PostgreSQL cluster (see global-postgres.ts). */
export const postgres: TestDatabaseKind = {
  name: 'PostgreSQL',
  async open() {
    const created = await createTestDatabase(inject('postgresUrl'))
    const database = await openDatabase({ url: created.url })
    return {
      ...database,
      close: async () => {
        await database.close()
        await created.drop()
      },
    }
  },
}

/** What {@link describeOnEachDatabase} hands its suite. */
export interface DatabaseSuite {
  readonly kind: TestDatabaseKind
  /** The suite's database (opened once per file: PGlite takes seconds to start). */
  database(): Database
  /**
   * A server instance on the suite's database. Tests stay independent by using their own
   * project ids ({@link testConfig}), so the rows one test writes are never read by another.
   */
  server(config: ServerConfig, options?: CreateServerOptions): Promise<LatchServer>
}

/** Runs a suite twice: on embedded PGlite and on a real PostgreSQL server. */
export function describeOnEachDatabase(name: string, suite: (context: DatabaseSuite) => void) {
  describe.each([pglite, postgres])(`${name} on $name`, (kind) => {
    let database: Database | undefined
    const servers: LatchServer[] = []
    beforeAll(async () => {
      database = await kind.open()
    })
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.close()))
      await database?.close()
    })
    const current = () => {
      if (!database) throw new Error('database not open yet')
      return database
    }
    suite({
      kind,
      database: current,
      async server(config, options = {}) {
        // Development unless a test names its mode: the harness's secrets are the repository's.
        const server = await createServer(config, {
          mode: 'development',
          ...options,
          database: current(),
        })
        servers.push(server)
        return server
      },
    })
  })
}

/** A GET to the in-process server, from the test origin unless `origin` says otherwise. */
export function get(
  server: LatchServer,
  path: string,
  origin: string | null = TEST_ORIGIN,
): Promise<Response> {
  return server.fetch(
    new Request(`http://latch.test${path}`, { headers: origin ? { origin } : {} }),
  )
}

/** A JSON POST to the in-process server. */
export function post(
  server: LatchServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = { origin: TEST_ORIGIN },
): Promise<Response> {
  return server.fetch(
    new Request(`http://latch.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
}
