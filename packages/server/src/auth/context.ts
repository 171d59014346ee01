import type { AuthConfig } from '../config/schema.js'
import type { Db } from '../db/database.js'
import { deriveAuthKeys, type AuthKeys } from './crypto.js'
import { smtpMailer, type Mailer } from './mailer.js'

/** The environment variable holding the login's secret, when the config file does not. */
export const AUTH_SECRET_ENV = 'LATCH_AUTH_SECRET'

/** What the login's routes and services share. */
export interface AuthDeps {
  config: AuthConfig
  db: Db
  /** The clock: code, token and proof expiry. */
  now: () => number
  mailer: Mailer
  keys: AuthKeys
  /** Waits between two looks at a pending device approval. */
  sleep: (ms: number) => Promise<void>
  /** Where failures the client is not told about are logged (an SMTP server's answer). */
  log: (error: unknown) => void
}

/** What {@link createAuthDeps} takes besides the configuration. */
export interface AuthDepsInput {
  db: Db
  now: () => number
  /** The login's mail; SMTP from `auth.smtp` by default. */
  mailer?: Mailer
  /** Where failures the client is not told about are logged. */
  log: (error: unknown) => void
  /** Where `LATCH_AUTH_SECRET` is read when the file has no `auth.secret`; process.env by default. */
  env?: Record<string, string | undefined>
}

/**
 * Resolves the login's dependencies: the secret (the file's, else `LATCH_AUTH_SECRET`) and the
 * keys derived from it, the mailer, the clock.
 * @throws Error when there is no secret of at least 32 characters: without one, codes and tokens
 * could not be checked by another instance, or after a restart.
 */
export function createAuthDeps(config: AuthConfig, input: AuthDepsInput): AuthDeps {
  const secret = config.secret ?? (input.env ?? process.env)[AUTH_SECRET_ENV]
  if (secret === undefined || secret.length < 32) {
    throw new Error(
      `Email login needs a secret of at least 32 characters: set ${AUTH_SECRET_ENV} (the same on every instance), or auth.secret in the configuration`,
    )
  }
  return {
    config,
    db: input.db,
    now: input.now,
    mailer: input.mailer ?? smtpMailer(config.smtp),
    keys: deriveAuthKeys(secret),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    log: input.log,
  }
}
