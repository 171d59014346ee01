import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadServerConfig, ServerConfigError } from './config/load.js'
import { chooseServerMode } from './config/mode.js'
import { startServer, type RunningServer } from './server.js'

const USAGE = `Usage: latch-server --config latch.config.json [--port 8787] [--host 127.0.0.1] [--data-dir .latch-data] [--production]

  --production   production mode, as NODE_ENV=production: secrets only from the environment,
                 never a development, short or guessable one; each project's own origins alone
                 embed the frame. Without it or NODE_ENV, a server is in development mode only
                 when its auth.publicUrl is on a loopback host (or it has no auth section).

Environment:
  DATABASE_URL   postgres://… runs on PostgreSQL (several instances may share it);
                 otherwise embedded PGlite in --data-dir (LATCH_DATA_DIR), default ./.latch-data
  PORT, HOST     the same as --port and --host
  NODE_ENV       production or development: the mode, unless --production
  LATCH_AUTH_SECRET, LATCH_CUSTODY_KEY   the email login's secret and the custody key`

/** Where the CLI writes and how it ends; the bin passes the process's own. */
export interface CliIo {
  out(line: string): void
  err(line: string): void
  env: Record<string, string | undefined>
}

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 8787
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ServerConfigError('command line', [
      { path: 'port', message: `Must be 0-65535, got "${value}"` },
    ])
  }
  return port
}

/**
 * `latch-server`: reads and checks the configuration, opens the database (PGlite in a data
 * directory, or PostgreSQL with DATABASE_URL), seeds the directory and listens.
 * @returns the running server, or undefined after printing the usage or an error (exit code 2).
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
): Promise<RunningServer | undefined> {
  let args
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        config: { type: 'string', short: 'c' },
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        production: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values
  } catch (error) {
    io.err(`latch-server: ${(error as Error).message}\n${USAGE}`)
    return undefined
  }
  if (args.help || !args.config) {
    ;(args.help ? io.out : io.err)(USAGE)
    return undefined
  }
  try {
    const configPath = resolve(args.config)
    const config = await loadServerConfig(configPath)
    const databaseUrl = io.env.DATABASE_URL || undefined
    const dataDir = resolve(args['data-dir'] ?? io.env.LATCH_DATA_DIR ?? '.latch-data')
    const { mode, reason } = chooseServerMode({
      ...(args.production ? { mode: 'production', told: '--production' } : {}),
      env: io.env,
      config,
    })
    const server = await startServer(config, {
      port: readPort(args.port ?? io.env.PORT),
      host: args.host ?? io.env.HOST ?? '127.0.0.1',
      configDir: dirname(configPath),
      env: io.env,
      mode,
      ...(databaseUrl ? { databaseUrl } : { dataDir }),
    })
    io.out(
      `latch-server: ${server.url} (${server.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${dataDir}`})`,
    )
    io.out(
      `latch-server: projects ${config.projects.map((p) => p.id).join(', ')}; chains ${config.chains.map((c) => c.caipNetworkId).join(', ') || 'none'}`,
    )
    io.out(`latch-server: ${mode} mode (${reason})`)
    return server
  } catch (error) {
    io.err(
      error instanceof ServerConfigError
        ? error.message
        : `latch-server: could not start: ${(error as Error).message}`,
    )
    return undefined
  }
}
