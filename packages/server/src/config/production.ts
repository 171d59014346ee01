import * as z from 'zod'
import { AUTH_SECRET_ENV } from '../auth/context.js'
import { CUSTODY_KEY_ENV } from '../custody/context.js'
import { ServerConfigError } from './load.js'
import { chooseServerMode, type ServerMode } from './mode.js'
import type { ServerConfig } from './schema.js'

// The production guard (security review, finding 10). The login's secret and the custody key
// are what a database dump needs to rebuild every wallet's key (docs/security.md), so a
// production server refuses, by name, the secrets a development machine gets away with: the
// repository's own, short or guessable ones, and a login secret written in the config file.

/**
 * The secrets this repository hands the server (its e2e, bench, frame and server tests). They
 * are public, so a production server refuses them. production.test.ts finds every secret the
 * repository's files give the server and checks that each is refused.
 */
export const DEVELOPMENT_SECRETS: ReadonlySet<string> = new Set([
  'bench-auth-secret-0123456789abcdefghijklmnop',
  'bench-custody-key-0123456789abcdefghijklmnop',
  'e2e-auth-secret-0123456789abcdefghijklmnop',
  'e2e-custody-key-0123456789abcdefghijklmnop',
  'frame-e2e-auth-secret-0123456789abcdef-not-for-prod',
  'frame-e2e-custody-key-0123456789abcdef-not-for-prod',
  'frame-test-auth-secret-0123456789abcdef-not-for-prod',
  'frame-test-custody-key-0123456789abcdef-not-for-prod',
  'latch-test-custody-key-0123456789abcdef-not-for-prod',
  'latch-test-secret-0123456789abcdef-not-for-production',
])

/** The shortest secret taken in any mode (the schema's and the login's rule). */
const MIN_SECRET_LENGTH = 32
/**
 * The least entropy a production secret may show, estimated from the spread of its characters
 * (Shannon, per character, times its length). An estimate can only catch the guessable: random
 * 32-character hex shows about 115 bits, `openssl rand -base64 48` about 330.
 */
const MIN_SECRET_BITS = 80
/** A run of this many consecutive characters (`01234567`, `abcdefgh`) was typed, not drawn. */
const MAX_RUN = 8
const HOW_TO_MAKE_ONE = 'make one with `openssl rand -base64 48`'

/** The entropy of `value` as the spread of its characters shows it, in bits. */
function estimatedBits(value: string): number {
  const counts = new Map<string, number>()
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1)
  let perChar = 0
  for (const count of counts.values()) {
    const share = count / value.length
    perChar -= share * Math.log2(share)
  }
  return perChar * value.length
}

/** The longest run of characters each one code point after the last (`0123`, `abcd`). */
function longestRun(value: string): number {
  let longest = 1
  let run = 1
  for (let index = 1; index < value.length; index += 1) {
    run = value.charCodeAt(index) === value.charCodeAt(index - 1) + 1 ? run + 1 : 1
    longest = Math.max(longest, run)
  }
  return longest
}

/** Why `value` would be a guessable secret, or undefined. */
function guessable(value: string): string | undefined {
  if (/^(.+?)\1+$/s.test(value)) return 'one part repeated'
  if (longestRun(value) >= MAX_RUN) return `a run of ${MAX_RUN} characters in sequence`
  const bits = estimatedBits(value)
  if (bits < MIN_SECRET_BITS) return `about ${Math.round(bits)} bits, under ${MIN_SECRET_BITS}`
  return undefined
}

/**
 * Why a production server refuses `value` as a secret, or undefined when it takes it: a
 * development secret of this repository, shorter than 32 characters, or guessable.
 */
export function secretFlaw(value: string): string | undefined {
  if (DEVELOPMENT_SECRETS.has(value)) {
    return `Is a development secret (this repository's tests, e2e, bench or playground use it): ${HOW_TO_MAKE_ONE}`
  }
  if (value.length < MIN_SECRET_LENGTH) return `Must be at least ${MIN_SECRET_LENGTH} characters`
  const why = guessable(value)
  return why === undefined ? undefined : `Is guessable (${why}): ${HOW_TO_MAKE_ONE}`
}

const productionSecret = z.string().superRefine((value, ctx) => {
  const flaw = secretFlaw(value)
  if (flaw !== undefined) ctx.addIssue({ code: 'custom', message: flaw })
})

/** The environment's secrets as a production server takes them. */
const productionEnvSchema = z.object({
  [AUTH_SECRET_ENV]: productionSecret.optional(),
  [CUSTODY_KEY_ENV]: productionSecret.optional(),
})

/** One refused field: a configuration path or an environment variable. */
export interface ProductionIssue {
  readonly path: string
  readonly message: string
}

/**
 * What a production server refuses in `config` and `env`, each naming its field: `auth.secret`
 * in the file (secrets come from the environment only), `LATCH_AUTH_SECRET` missing, and each
 * secret variable that {@link secretFlaw} refuses. Without `auth`, no secret is read: none.
 */
export function productionIssues(
  config: Pick<ServerConfig, 'auth'>,
  env: Record<string, string | undefined>,
): ProductionIssue[] {
  if (!config.auth) return []
  const issues: ProductionIssue[] = []
  if (config.auth.secret !== undefined) {
    issues.push({
      path: 'auth.secret',
      message: `Must not be in the configuration file in production: give it as ${AUTH_SECRET_ENV} in the environment`,
    })
  } else if (env[AUTH_SECRET_ENV] === undefined) {
    issues.push({ path: AUTH_SECRET_ENV, message: `Must be set in production: ${HOW_TO_MAKE_ONE}` })
  }
  const checked = productionEnvSchema.safeParse({
    [AUTH_SECRET_ENV]: env[AUTH_SECRET_ENV],
    [CUSTODY_KEY_ENV]: env[CUSTODY_KEY_ENV],
  })
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      issues.push({ path: issue.path.map(String).join('.'), message: issue.message })
    }
  }
  return issues
}

/**
 * Refuses to run in production with anything {@link productionIssues} finds.
 * @throws ServerConfigError naming every refused field at once.
 */
export function assertProductionReady(
  config: Pick<ServerConfig, 'auth'>,
  env: Record<string, string | undefined>,
): void {
  const issues = productionIssues(config, env)
  if (issues.length > 0) throw new ServerConfigError('production mode', issues)
}

/**
 * The mode a server runs in ({@link chooseServerMode}: the caller's, else `NODE_ENV`'s, else what
 * the public URL says), once the production guard has passed when it is production.
 * @throws ServerConfigError for a mode that is neither, or naming every field production refuses.
 */
export function checkedServerMode(
  config: Pick<ServerConfig, 'auth'>,
  input: { mode?: unknown; env: Record<string, string | undefined> },
): ServerMode {
  const { mode } = chooseServerMode({ mode: input.mode, env: input.env, config })
  if (mode === 'production') assertProductionReady(config, input.env)
  return mode
}
