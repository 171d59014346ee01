import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/database.js'
import { createServer, type CreateServerOptions, type LatchServer } from '../server.js'
import { authTestConfig, TEST_AUTH_SECRET } from '../../test/auth-harness.js'
import { pgliteTemplate } from '../../test/harness.js'
import { ServerConfigError } from './load.js'
import { productionIssues } from './production.js'
import type { ServerMode } from './mode.js'
import type { ServerConfig } from './schema.js'

// Finding 10 of the security review: in production the server refuses the secrets a
// development machine gets away with: this repository's own (its tests, e2e, bench and
// playground), short or guessable ones, and a login secret written in the config file. Each
// refusal names its field.

const REPO = fileURLToPath(new URL('../../../..', import.meta.url))

/** A secret as an operator makes one: `openssl rand -base64 48`. */
const good = () => randomBytes(48).toString('base64')

/** The email login's configuration, its secret in the environment (or not) as each test says. */
const config = (secret?: string): ServerConfig =>
  authTestConfig({ smtp: { host: '127.0.0.1', port: 2525 } }, { secret })

/**
 * What a production server says when it refuses to start, or undefined when it started. A
 * refused server opens no database (the guard comes first); one that starts gets a fresh one.
 */
async function refusal(
  env: Record<string, string>,
  configured: ServerConfig = config(),
): Promise<string | undefined> {
  const options: CreateServerOptions = { seed: false, indexer: false, env, mode: 'production' }
  let server: LatchServer | undefined
  try {
    server = await createServer(configured, options)
  } catch (error) {
    expect(error).toBeInstanceOf(ServerConfigError)
    return error instanceof Error ? error.message : String(error)
  }
  await server.close()
  return undefined
}

/** Starts a production server on the run's migrated PGlite, and stops it: it must start. */
async function starts(env: Record<string, string>, mode: ServerMode = 'production') {
  const database = await openDatabase({ template: await pgliteTemplate() })
  try {
    const server = await createServer(config(), {
      database,
      seed: false,
      indexer: false,
      env,
      mode,
    })
    await server.close()
  } finally {
    await database.close()
  }
}

/**
 * Every secret the repository hands the server (`LATCH_AUTH_SECRET`, `LATCH_CUSTODY_KEY`, and
 * the test harness's named constants), found in its tracked files: what a copy-paste into a
 * production environment would bring.
 */
function repositorySecrets(): string[] {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.mjs', '*.js'], {
    cwd: REPO,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '' && !file.startsWith('packages/server/src/config/'))
  const found = new Set<string>()
  const assigned =
    /(?:LATCH_AUTH_SECRET|LATCH_CUSTODY_KEY|CUSTODY_KEY_ENV\]|_SECRET|CUSTODY_KEY)\s*(?:\?\?=|=|:)\s*'([^'\s]{16,})'/g
  for (const file of files) {
    const text = readFileSync(join(REPO, file), 'utf8')
    for (const match of text.matchAll(assigned)) found.add(match[1]!)
  }
  return [...found]
}

describe('the production guard', () => {
  it('refuses each development secret of this repository, naming the variable', async () => {
    const secrets = repositorySecrets()
    // The e2e, bench, frame and server tests' strings: the scan found them all.
    expect(secrets.length).toBeGreaterThanOrEqual(10)
    expect(secrets).toContain(TEST_AUTH_SECRET)
    for (const secret of secrets) {
      expect(await refusal({ LATCH_AUTH_SECRET: secret, LATCH_CUSTODY_KEY: good() })).toMatch(
        /LATCH_AUTH_SECRET: .*development secret/,
      )
      expect(await refusal({ LATCH_AUTH_SECRET: good(), LATCH_CUSTODY_KEY: secret })).toMatch(
        /LATCH_CUSTODY_KEY: .*development secret/,
      )
    }
  })

  it('refuses a short secret, naming it', async () => {
    const message = await refusal({ LATCH_AUTH_SECRET: good(), LATCH_CUSTODY_KEY: 'Zq8#vL2!' })
    expect(message).toContain('LATCH_CUSTODY_KEY: Must be at least 32 characters')
  })

  it('refuses a guessable one: repeated, or a run such as 0123456789', async () => {
    for (const weak of [
      'x'.repeat(40),
      'ab'.repeat(20),
      'password'.repeat(5),
      'prod-auth-secret-0123456789abcdefghijklmnop',
    ]) {
      expect(await refusal({ LATCH_AUTH_SECRET: weak, LATCH_CUSTODY_KEY: good() })).toMatch(
        /LATCH_AUTH_SECRET: .*guess/,
      )
    }
  })

  it('refuses the login’s secret from the config file, naming the field', async () => {
    const message = await refusal({ LATCH_CUSTODY_KEY: good() }, config(good()))
    expect(message).toContain('auth.secret: ')
    expect(message).toContain('LATCH_AUTH_SECRET')
  })

  it('names every refused field at once', async () => {
    const message = await refusal(
      { LATCH_AUTH_SECRET: 'x'.repeat(32), LATCH_CUSTODY_KEY: TEST_AUTH_SECRET },
      config(good()),
    )
    expect(message).toMatch(
      /auth\.secret: [^\n]+\n {2}LATCH_AUTH_SECRET: [^\n]+\n {2}LATCH_CUSTODY_KEY: /,
    )
  })

  it('accepts good secrets from the environment', async () => {
    expect(
      productionIssues(config(), { LATCH_AUTH_SECRET: good(), LATCH_CUSTODY_KEY: good() }),
    ).toEqual([])
    await starts({ LATCH_AUTH_SECRET: good(), LATCH_CUSTODY_KEY: good() })
    await starts({
      LATCH_AUTH_SECRET: randomBytes(32).toString('hex'),
      LATCH_CUSTODY_KEY: randomBytes(32).toString('base64url'),
    })
  })

  it('is not applied in development mode: the local stack’s secrets still start it', async () => {
    await starts(
      {
        LATCH_AUTH_SECRET: 'e2e-auth-secret-0123456789abcdefghijklmnop',
        LATCH_CUSTODY_KEY: 'e2e-custody-key-0123456789abcdefghijklmnop',
      },
      'development',
    )
  })
})
