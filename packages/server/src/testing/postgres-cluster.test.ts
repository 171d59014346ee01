import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import setup from '../../test/global-postgres.js'
import {
  createTestDatabase,
  findPostgresBinDir,
  postgresVersion,
  startPostgresCluster,
} from './postgres-cluster.js'

/** Resolves with the socket error code, or 'open' when something accepts the connection. */
function probe(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve('open')
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
  })
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values?: unknown[]) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql, values)).rows
  } finally {
    await client.end()
  }
}

describe('startPostgresCluster', () => {
  it('runs a server that stores and reads back rows, then leaves nothing behind', async () => {
    const cluster = await startPostgresCluster({ database: 'cluster_test' })
    try {
      expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/cluster_test`)
      await query(cluster.url, 'CREATE TABLE wallets (id text PRIMARY KEY, name text NOT NULL)')
      await query(cluster.url, 'INSERT INTO wallets VALUES ($1, $2), ($3, $4)', [
        'w1',
        'One',
        'w2',
        'Two',
      ])
      expect(await query(cluster.url, 'SELECT id, name FROM wallets ORDER BY id')).toEqual([
        { id: 'w1', name: 'One' },
        { id: 'w2', name: 'Two' },
      ])
      // The speed settings are in force, and the server listens on loopback only.
      const settings = await query<{ name: string; setting: string }>(
        cluster.url,
        `SELECT name, setting FROM pg_settings WHERE name = ANY($1) ORDER BY name`,
        [['fsync', 'full_page_writes', 'listen_addresses', 'synchronous_commit']],
      )
      expect(settings).toEqual([
        { name: 'fsync', setting: 'off' },
        { name: 'full_page_writes', setting: 'off' },
        { name: 'listen_addresses', setting: '127.0.0.1' },
        { name: 'synchronous_commit', setting: 'off' },
      ])
      expect(existsSync(join(cluster.dir, `.s.PGSQL.${cluster.port}`))).toBe(true)
    } finally {
      await cluster.stop()
    }
    expect(await probe(cluster.port)).toBe('ECONNREFUSED')
    expect(existsSync(cluster.dir)).toBe(false)
    await expect(cluster.stop()).resolves.toBeUndefined()
  })

  it('applies extra settings', async () => {
    const cluster = await startPostgresCluster({ settings: { max_connections: '37' } })
    try {
      expect(cluster.url.endsWith('/latch')).toBe(true)
      expect(await query(cluster.url, 'SHOW max_connections')).toEqual([{ max_connections: '37' }])
    } finally {
      await cluster.stop()
    }
  })

  it("fails with the server's own reason when it cannot start", async () => {
    await expect(startPostgresCluster({ settings: { shared_buffers: 'banana' } })).rejects.toThrow(
      'invalid value for parameter "shared_buffers": "banana"',
    )
  })

  it('names what is missing when PostgreSQL is not installed', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'latch-no-pg-'))
    try {
      await expect(findPostgresBinDir(empty)).rejects.toThrow(
        `PostgreSQL is not installed: no initdb under ${empty}/*/bin/`,
      )
      await expect(startPostgresCluster({ binDir: empty })).rejects.toThrow(
        `PostgreSQL binary not found: ${join(empty, 'initdb')}`,
      )
    } finally {
      await rm(empty, { recursive: true })
    }
  })

  it('finds the newest installed version', async () => {
    const bin = await findPostgresBinDir()
    expect(bin).toMatch(/^\/usr\/lib\/postgresql\/\d+\/bin$/)
    expect(postgresVersion(bin)).toMatch(new RegExp(`^${bin.split('/')[4]}\\.\\d+$`))
  })
})

describe('the global setup', () => {
  it('provides a running cluster and stops it on teardown', async () => {
    const provided = new Map<string, unknown>()
    const teardown = await setup({ provide: (key, value) => provided.set(key, value) })
    const url = provided.get('postgresUrl')
    expect(url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/latch$/)
    expect(await query(String(url), 'SELECT 1 AS one')).toEqual([{ one: 1 }])
    await teardown()
    expect(await probe(Number(new URL(String(url)).port))).toBe('ECONNREFUSED')
  })
})

describe('createTestDatabase', () => {
  const base = inject('postgresUrl')
  const made: Array<{ drop(): Promise<void> }> = []
  afterAll(() => Promise.all(made.map((db) => db.drop())))

  it('gives each caller its own empty database, and drop removes it', async () => {
    const a = await createTestDatabase(base)
    const b = await createTestDatabase(base)
    made.push(a, b)
    expect(a.name).not.toBe(b.name)
    expect(a.url).toBe(base.replace(/\/latch$/, `/${a.name}`))

    await query(a.url, 'CREATE TABLE events (id int)')
    await query(a.url, 'INSERT INTO events VALUES (1)')
    expect(await query(a.url, "SELECT to_regclass('events') IS NOT NULL AS present")).toEqual([
      { present: true },
    ])
    expect(await query(b.url, "SELECT to_regclass('events') IS NOT NULL AS present")).toEqual([
      { present: false },
    ])

    // A connection a test forgot to close must not keep the database alive.
    const leaked = new pg.Client({ connectionString: a.url })
    await leaked.connect()
    leaked.on('error', () => undefined)
    await a.drop()
    await leaked.end().catch(() => undefined)
    const left = await query(base, 'SELECT datname FROM pg_database WHERE datname = ANY($1)', [
      [a.name, b.name],
    ])
    expect(left).toEqual([{ datname: b.name }])
  })
})
