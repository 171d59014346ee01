import type { AuthDeps } from '../auth/context.js'
import { AUTH_SECRET_ENV } from '../auth/context.js'
import { custodyConfigSchema, type CustodyConfig } from '../config/schema.js'
import { openDatabase, type Db } from '../db/database.js'
import { deriveCustodyKey, type CustodyKey } from './seal.js'

/** The environment variable holding the custody key. Never read from the config file. */
export const CUSTODY_KEY_ENV = 'LATCH_CUSTODY_KEY'

/** What the custody routes share: the login's dependencies, the custody key and the vault. */
export interface CustodyDeps {
  auth: AuthDeps
  config: CustodyConfig
  /** Undefined when LATCH_CUSTODY_KEY is not set: every custody call answers 503. */
  key: CustodyKey | undefined
  /** The vault share's database (opened on first use when it is another one). */
  vault(): Promise<Db>
  /** Closes a vault database this server opened. */
  close(): Promise<void>
}

/** What {@link createCustodyDeps} takes besides the login's dependencies. */
export interface CustodyDepsInput {
  config: CustodyConfig | undefined
  /** Where LATCH_CUSTODY_KEY (and LATCH_AUTH_SECRET, to tell them apart) are read. */
  env: Record<string, string | undefined>
  /** A vault database to use (tests: a second PGlite); else `config.vaultDatabaseUrl`'s. */
  vault?: Db
}

/**
 * Resolves custody's dependencies. The key comes from the environment only, and must not be the
 * login's secret: one leaked variable must not give both.
 * @throws Error when the key is shorter than 32 characters or equals the login's secret.
 */
export function createCustodyDeps(auth: AuthDeps, input: CustodyDepsInput): CustodyDeps {
  const config = input.config ?? custodyConfigSchema.parse({})
  const secret = input.env[CUSTODY_KEY_ENV]
  if (secret !== undefined) {
    if (secret.length < 32) {
      throw new Error(`${CUSTODY_KEY_ENV} must be at least 32 characters`)
    }
    const authSecret = auth.config.secret ?? input.env[AUTH_SECRET_ENV]
    if (secret === authSecret) {
      throw new Error(`${CUSTODY_KEY_ENV} must not be the same as ${AUTH_SECRET_ENV}`)
    }
  }
  let opened: Promise<{ db: Db; close(): Promise<void> }> | undefined
  const url = config.vaultDatabaseUrl
  return {
    auth,
    config,
    key: secret === undefined ? undefined : deriveCustodyKey(secret),
    vault: async () => {
      if (input.vault) return input.vault
      if (url === undefined) return auth.db
      opened ??= openDatabase({ url, poolSize: 4 })
      return (await opened).db
    },
    // Once: a server closed twice (a test's own close, then its harness's) must not end the pool twice.
    close: async () => {
      const open = opened
      opened = undefined
      if (open) await (await open).close()
    },
  }
}
