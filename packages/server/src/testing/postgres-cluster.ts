/**
 * A throwaway PostgreSQL server for the storage tests and `pnpm bench`, made from Debian's
 * `postgresql` package (installed by scripts/bootstrap.sh) in a fresh temp dir.
 *
 * It listens on 127.0.0.1 only, on a free port, with its unix socket inside the temp dir, so it
 * never meets the machine's own cluster (or another run's). Durability is switched off for speed:
 * the data is thrown away when `stop()` runs, and by a watchdog when the process dies first.
 */
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process'
import { appendFile, chown, mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/** Where Debian's postgresql-NN packages put their server binaries. */
export const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql'

export interface PostgresClusterOptions {
  /** The database the URL points at; created on start. Default `latch`. */
  database?: string
  /** Server settings added to postgresql.conf, e.g. `{ max_connections: '200' }`. */
  settings?: Record<string, string>
  /** A directory with initdb, pg_ctl and postgres. Default: the newest under /usr/lib/postgresql. */
  binDir?: string
}

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/<database>`, trust auth, no password. */
  url: string
  port: number
  /** The temp dir holding the data directory, the socket and `postgres.log`. */
  dir: string
  /** Stops the server at once (`-m immediate`) and removes the temp dir. Safe to call twice. */
  stop(): Promise<void>
}

/** The newest `/usr/lib/postgresql/<version>/bin` that has initdb, or a clear error. */
export async function findPostgresBinDir(root = DEBIAN_POSTGRES_ROOT): Promise<string> {
  const versions = (await readdir(root).catch(() => []))
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const bin = join(root, version, 'bin')
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin
  }
  throw new Error(
    `PostgreSQL is not installed: no initdb under ${root}/*/bin/. ` +
      'Run scripts/bootstrap.sh, or `apt-get install postgresql`.',
  )
}

/**
 * initdb and postgres refuse to run as root, and CI runs as root: there they run as Debian's
 * `postgres` system user. Returns that user's ids, or null when we are not root.
 */
function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'))
  const [, , uid, gid] = line?.split(':') ?? []
  if (uid === undefined || gid === undefined) {
    throw new Error(
      "Running as root needs the 'postgres' system user to run PostgreSQL, and there is none: " +
        "install Debian's postgresql package (scripts/bootstrap.sh), which creates it.",
    )
  }
  return { uid: Number(uid), gid: Number(gid) }
}

/** The command line that runs `binary` as the right user. */
function asServerUser(asPostgres: boolean, binary: string, args: string[]): [string, string[]] {
  return asPostgres ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args]
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

/** Runs a PostgreSQL binary; a failure names the command and carries its output and the log. */
async function runServerTool(
  asPostgres: boolean,
  binary: string,
  args: string[],
  cwd: string,
  log?: string,
): Promise<void> {
  const [command, argv] = asServerUser(asPostgres, binary, args)
  try {
    await run(command, argv, { cwd, timeout: 120_000 })
  } catch (error) {
    const { code, stdout, stderr } = error as NodeJS.ErrnoException & {
      stdout?: string
      stderr?: string
    }
    if (code === 'ENOENT') throw new Error(`${command} is not installed (needed to run ${binary})`)
    const logTail = log
      ? (await readFile(log, 'utf8').catch(() => '')).split('\n').slice(-20).join('\n')
      : ''
    throw new Error(
      [`${binary} ${args.join(' ')} failed`, stdout, stderr, logTail && `postgres.log:\n${logTail}`]
        .filter(Boolean)
        .join('\n'),
    )
  }
}

/**
 * A detached process that stops the server and removes the temp dir when this process dies
 * without calling stop() (a crash, SIGKILL, a killed vitest worker), where no exit hook runs.
 * It polls the parent's pid once a second; stop() ends it.
 */
function startWatchdog(stopArgv: [string, string[]], dir: string) {
  const script = `
    const { spawnSync } = require('node:child_process')
    const { rmSync } = require('node:fs')
    const [parent, dir, command, ...args] = process.argv.slice(1)
    const alive = () => { try { process.kill(Number(parent), 0); return true } catch { return false } }
    setInterval(() => {
      if (alive()) return
      spawnSync(command, args, { stdio: 'ignore', cwd: '/' })
      rmSync(dir, { recursive: true, force: true })
      process.exit(0)
    }, 1000)`
  const [command, args] = stopArgv
  const child = spawn(
    process.execPath,
    ['-e', script, String(process.pid), dir, command, ...args],
    { detached: true, stdio: 'ignore' },
  )
  child.unref()
  return child
}

function quoteSetting(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

/** Starts a fresh PostgreSQL cluster and creates one database in it. */
export async function startPostgresCluster(
  options: PostgresClusterOptions = {},
): Promise<PostgresCluster> {
  const database = options.database ?? 'latch'
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`bad database name: ${database}`)
  const bin = options.binDir ?? (await findPostgresBinDir())
  const initdb = join(bin, 'initdb')
  const pgCtl = join(bin, 'pg_ctl')
  for (const binary of [initdb, pgCtl, join(bin, 'postgres')]) {
    if (!existsSync(binary)) throw new Error(`PostgreSQL binary not found: ${binary}`)
  }
  const user = postgresUser()
  const asPostgres = user !== null

  const dir = await mkdtemp(join(tmpdir(), 'latch-pg-'))
  const data = join(dir, 'data')
  const log = join(dir, 'postgres.log')
  const stopArgs = ['-D', data, 'stop', '-m', 'immediate', '-w', '-t', '30']
  const stopArgv = asServerUser(asPostgres, pgCtl, stopArgs)

  // Should the process exit normally without stop(), still leave nothing behind.
  const onExit = () => {
    spawnSync(stopArgv[0], stopArgv[1], { stdio: 'ignore', cwd: '/' })
    rmSync(dir, { recursive: true, force: true })
  }
  let watchdog: ReturnType<typeof startWatchdog> | undefined
  let stopping: Promise<void> | undefined
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', onExit)
      watchdog?.kill()
      if (existsSync(join(data, 'postmaster.pid'))) {
        await runServerTool(asPostgres, pgCtl, stopArgs, dir).catch(() => undefined)
      }
      await rm(dir, { recursive: true, force: true })
    })())

  try {
    if (user) await chown(dir, user.uid, user.gid)
    await runServerTool(
      asPostgres,
      initdb,
      // --no-sync: nothing here must survive a power cut. Locale C keeps sorting the same everywhere.
      [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth=trust',
        '--no-sync',
        '--no-instructions',
        '--encoding=UTF8',
        '--locale=C',
      ],
      dir,
    )
    const settings: Record<string, string> = {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: dir,
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      ...options.settings,
    }
    // Appending keeps the file postgres-owned; later lines win over initdb's.
    await appendFile(
      join(data, 'postgresql.conf'),
      Object.entries(settings)
        .map(([key, value]) => `${key} = ${quoteSetting(value)}\n`)
        .join(''),
    )
    process.on('exit', onExit)
    watchdog = startWatchdog(stopArgv, dir)

    // The free port can be taken between finding it and binding it: then try another.
    let port = 0
    for (let attempt = 1; ; attempt++) {
      port = await freePort()
      try {
        await runServerTool(
          asPostgres,
          pgCtl,
          ['-D', data, '-l', log, '-w', '-t', '60', '-o', `-p ${port}`, 'start'],
          dir,
          log,
        )
        break
      } catch (error) {
        const inUse = (await readFile(log, 'utf8').catch(() => '')).includes('could not bind')
        if (!inUse || attempt === 3) throw error
      }
    }

    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      database: 'postgres',
    })
    await client.connect()
    try {
      if (database !== 'postgres') await client.query(`CREATE DATABASE "${database}"`)
    } finally {
      await client.end()
    }
    return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, port, dir, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

export interface TestDatabase {
  url: string
  name: string
  /** Drops the database, closing any connection a test left open. */
  drop(): Promise<void>
}

/** A fresh, empty database on the server at `baseUrl`, so each test file has its own. */
export async function createTestDatabase(baseUrl: string): Promise<TestDatabase> {
  const name = `t_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE "${name}"`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    // WITH (FORCE) (PostgreSQL 13+) ends pools a test forgot to close instead of failing.
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  }
}

/** The PostgreSQL version the binaries in `binDir` are, e.g. `15.18`; for reports. */
export function postgresVersion(binDir: string): string {
  const out = execFileSync(join(binDir, 'postgres'), ['--version'], { encoding: 'utf8' })
  return /(\d+(\.\d+)?)/.exec(out)?.[1] ?? out.trim()
}
