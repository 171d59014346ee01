import type { AddressInfo, Socket } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import type { Hono } from 'hono'
import { createApp, type AppDeps } from './app.js'
import { checkedServerMode } from './config/production.js'
import type { ServerConfig } from './config/schema.js'
import { openDatabase, type Database } from './db/database.js'
import { redactingLog } from './http/redact.js'
import { createIndexers, type Indexers } from './indexer/indexers.js'
import type { ProjectEnv } from './http/project.js'
import { loadDirectorySeed, seedDirectory } from './seed/directory.js'
import { imageSeed, seedImages } from './seed/images.js'

/** Where the data is and what the server runs with. */
export interface CreateServerOptions extends Omit<AppDeps, 'db'> {
  /** An open database to use (tests share one between two instances); else one is opened. */
  database?: Database
  /** `postgres://…`: PostgreSQL. Else PGlite in `dataDir`, or in memory without one. */
  databaseUrl?: string
  dataDir?: string
  /** The folder a relative `directory.seed` path is read from; the working directory by default. */
  configDir?: string
  /** Writes the directory seed and the currency and token images at start; true by default. */
  seed?: boolean
  /**
   * Runs the indexer of each chain whose `indexer.enabled` is set (true by default); false: this
   * instance only serves. Several instances may run it: a lease lets one index each chain.
   */
  indexer?: boolean
}

/** One server instance, in process: its app, its database, and how to stop it. */
export interface LatchServer {
  readonly app: Hono<ProjectEnv>
  /** The app's fetch handler: `await server.fetch(new Request(url))` in tests. */
  fetch(request: Request): Promise<Response>
  readonly database: Database
  /** The chains this instance may index (started unless `indexer: false`). */
  readonly indexers: Indexers
  /** Stops the indexers, then closes the database when this instance opened it. */
  close(): Promise<void>
}

/**
 * Creates a server instance: opens (and migrates) the database, writes the directory seed, and
 * builds the app. The instance keeps no state of its own beyond its connection pool: two on one
 * PostgreSQL database answer as one.
 */
export async function createServer(
  config: ServerConfig,
  options: CreateServerOptions = {},
): Promise<LatchServer> {
  // Before any database is opened: a refused production start leaves nothing behind.
  const mode = checkedServerMode(config, { mode: options.mode, env: options.env ?? process.env })
  const database =
    options.database ??
    (await openDatabase({
      ...(options.databaseUrl ? { url: options.databaseUrl } : {}),
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    }))
  const owned = options.database === undefined
  try {
    if (options.seed !== false) {
      const seed = await loadDirectorySeed(
        config.directory.seed,
        options.configDir ?? process.cwd(),
      )
      await seedDirectory(database.db, seed)
      await seedImages(database.db, imageSeed(config))
    }
  } catch (error) {
    if (owned) await database.close()
    throw error
  }
  const closers: Array<() => Promise<void>> = []
  let app: Hono<ProjectEnv>
  try {
    app = createApp(config, { ...options, mode, db: database.db, closers })
  } catch (error) {
    if (owned) await database.close()
    throw error
  }
  const indexers = createIndexers(
    config,
    {
      db: database.db,
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      now: options.now ?? Date.now,
      log: redactingLog(
        options.log ?? ((error: unknown) => console.error('[latch-server] indexer:', error)),
      ),
    },
    { start: options.indexer !== false },
  )
  return {
    app,
    fetch: async (request) => app.fetch(request),
    database,
    indexers,
    close: async () => {
      await indexers.stop()
      for (const close of closers) await close()
      if (owned) await database.close()
    },
  }
}

/** A server listening on a port. */
export interface RunningServer extends LatchServer {
  /** `http://host:port`, what clients use as `serverUrl`. */
  readonly url: string
  readonly port: number
}

/** Listens on `host:port` (port 0: a free one). */
export async function startServer(
  config: ServerConfig,
  options: CreateServerOptions & { port?: number; host?: string } = {},
): Promise<RunningServer> {
  const server = await createServer(config, options)
  const host = options.host ?? '127.0.0.1'
  let sockets: ReadonlySet<Socket> = new Set()
  const http = await new Promise<ServerType>((resolveListening, reject) => {
    const listening = serve(
      { fetch: server.app.fetch, port: options.port ?? 0, hostname: host },
      () => resolveListening(listening),
    )
    listening.once('error', reject)
    sockets = openSockets(listening)
  })
  const { port } = http.address() as AddressInfo
  return {
    ...server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: async () => {
      const closed = new Promise<void>((done) => http.close(() => done()))
      // Node closes idle keep-alive sockets itself and lets requests in flight finish, but a
      // socket that has sent nothing yet (a browser's preconnect) holds the close until
      // `headersTimeout`, a minute: nothing is lost by ending it now.
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy()
      await closed
      await server.close()
    },
  }
}

/** The server's open sockets, kept up to date. */
function openSockets(http: ServerType): ReadonlySet<Socket> {
  const sockets = new Set<Socket>()
  http.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  return sockets
}
