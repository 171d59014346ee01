import { isLoopbackHost, SERVER_MODES, type ServerMode } from '@latch/core/api'
import * as z from 'zod'
import { ServerConfigError } from './load.js'
import type { AuthConfig } from './schema.js'

// Development or production (security review, findings 3 and 10). Production refuses the secrets
// a development machine gets away with (production.ts) and lets only each project's own origins
// embed the frame; development adds SPEC's default ancestors and takes the repository's test
// secrets, for the local stack, the e2e runs and the tests.

export type { ServerMode }

/** The mode a server runs in, and what chose it (printed at start). */
export interface ModeChoice {
  readonly mode: ServerMode
  /** `--production`, `NODE_ENV=…`, or what the configuration's public URL says. */
  readonly reason: string
}

/** What {@link chooseServerMode} reads. */
export interface ModeInput {
  /** The mode the caller names: `latch-server --production`, `createServer`'s `mode`. */
  readonly mode?: unknown
  /** Why the caller named it; `the caller` unless told (the CLI says `--production`). */
  readonly told?: string
  /** The environment: its `NODE_ENV`. */
  readonly env: Record<string, string | undefined>
  /** What the configuration says of where browsers reach the server. */
  readonly config: { readonly auth?: Pick<AuthConfig, 'publicUrl'> | undefined }
}

const modeSchema = z.enum(SERVER_MODES, { error: 'Must be development or production' })

/**
 * Chooses the server's mode, the first rule that applies winning:
 * 1. the mode the caller names (`latch-server --production`; `createServer`'s `mode`);
 * 2. `NODE_ENV=production` or `NODE_ENV=development`;
 * 3. otherwise development only where no other machine's browser reaches the frame: no `auth`
 *    section (no frame, no secret), or an `auth.publicUrl` on a loopback host; else production.
 * So a server on a public URL is in production unless told otherwise.
 * @throws ServerConfigError when the named mode is neither.
 */
export function chooseServerMode(input: ModeInput): ModeChoice {
  if (input.mode !== undefined) {
    const named = modeSchema.safeParse(input.mode)
    if (!named.success) {
      throw new ServerConfigError('server options', [
        { path: 'mode', message: named.error.issues[0]?.message ?? 'Invalid mode' },
      ])
    }
    return { mode: named.data, reason: input.told ?? 'the caller' }
  }
  const nodeEnv = input.env.NODE_ENV
  if (nodeEnv === 'production' || nodeEnv === 'development') {
    return { mode: nodeEnv, reason: `NODE_ENV=${nodeEnv}` }
  }
  const publicUrl = input.config.auth?.publicUrl
  if (publicUrl === undefined) return { mode: 'development', reason: 'no auth section' }
  return isLoopbackHost(new URL(publicUrl).hostname)
    ? { mode: 'development', reason: `a loopback public URL, ${publicUrl}` }
    : { mode: 'production', reason: `a public URL, ${publicUrl}` }
}
