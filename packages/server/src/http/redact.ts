// What the server logs is redacted first: a failed query's error carries its parameters (a
// wallet's server share, a refresh token's hash, a PKCE verifier), and an error's message or
// cause may quote a request. None of that may reach a log, whatever collects it.

/** What a secret is replaced with. */
export const REDACTED = '[redacted]'

/** Fields whose value is a secret, whatever it looks like. */
const SECRET_KEY =
  /share|secret|token|verifier|password|^pass$|otp|codehash|sealed|nonce|authorization|dpop|cookie|^params$/i

/**
 * Runs of 43 or more base64url (or hex) characters: 32-byte secrets (shares, tokens, verifiers,
 * keys) and the JWTs made of them. Ids (UUIDs), addresses (42 characters) and hashes in hex of
 * less than 256 bits stay readable.
 */
const SECRET_RUN = /[A-Za-z0-9_-]{43,}/g

/** A failed query's message: `Failed query: <sql>\nparams: <values>`; the values go. */
const QUERY_PARAMS = /(\bparams:)[^\n]*/g

/** Nesting below this depth is left out, not walked (a cycle, or an absurd error). */
const MAX_DEPTH = 6

function redactText(text: string): string {
  return text.replace(QUERY_PARAMS, `$1 ${REDACTED}`).replace(SECRET_RUN, REDACTED)
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value)
  if (typeof value !== 'object' || value === null) return value
  if (depth >= MAX_DEPTH) return REDACTED
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1))
  if (value instanceof Error) return redactError(value, depth)
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_KEY.test(key) ? REDACTED : redactValue(item, depth + 1)
  }
  return copy
}

/**
 * An error's copy, of the same class (so a logger can still tell errors apart): its name,
 * message, stack, cause and own fields, each redacted.
 */
function redactError(error: Error, depth: number): Error {
  const copy: Error = Object.create(Object.getPrototypeOf(error))
  const fields = redactValue({ ...error }, depth + 1)
  if (typeof fields === 'object' && fields !== null) Object.assign(copy, fields)
  const set = (key: string, value: unknown) =>
    Object.defineProperty(copy, key, { value, writable: true, configurable: true })
  set('name', error.name)
  set('message', redactText(error.message))
  set('stack', error.stack === undefined ? undefined : redactText(error.stack))
  if (error.cause !== undefined) set('cause', redactValue(error.cause, depth + 1))
  return copy
}

/**
 * A copy of `value` fit for a log: every field named like a secret (share, token, verifier,
 * params, …) replaced, every long base64url run in a string replaced, a failed query's
 * parameters dropped from its message, errors kept as errors (name, message, stack, cause).
 */
export function redactForLog(value: unknown): unknown {
  return redactValue(value, 0)
}

/** A logger that redacts whatever it is handed (see {@link redactForLog}) before logging it. */
export function redactingLog(log: (error: unknown) => void): (error: unknown) => void {
  return (error) => log(redactForLog(error))
}
