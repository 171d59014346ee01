import { en } from 'zod/locales'
import type * as z from 'zod/mini'

/** One readable validation problem: where it is and what is wrong, in the SPEC's words. */
export interface ValidationIssue {
  /** Dotted path to the value (`networks.0.rpcUrls.default.http.0`), or `(root)` for the value itself. */
  readonly path: string
  readonly message: string
}

/** The path text used for a problem with the whole value rather than one of its fields. */
export const ROOT_PATH = '(root)'

/**
 * Zod's name for the received type, as the SPEC's "Expected X received Y" prints it. Class
 * instances read as `object` on purpose: a constructor name from host data is not worth showing.
 */
function receivedType(input: unknown): string {
  if (input === null) return 'null'
  if (Array.isArray(input)) return 'array'
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan'
  return typeof input
}

/**
 * zod's own English texts ('Invalid option: expected one of "light"|"dark"', 'Invalid URL'…).
 * Core validates with zod/mini, which registers no locale (it would be start-up weight for every
 * host), so Latch brings the English one itself and never relies on the page's global config.
 */
export const zodEnglishErrorMap: z.core.$ZodErrorMap = /* @__PURE__ */ en().localeError

/** The SPEC §5 text for an issue, or `undefined` when the SPEC has none for it. */
function specMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required'
      return `Expected ${issue.expected} received ${receivedType(issue.input)}`
    case 'invalid_format':
      return issue.format === 'email' ? 'Invalid email' : undefined
    case 'too_small':
      // Only the inclusive, ranged minimums have SPEC texts; exact lengths and `gt` keep zod's.
      if (issue.inclusive !== true || issue.exact === true) return undefined
      if (issue.origin === 'string') {
        return `String must contain at least ${String(issue.minimum)} characters`
      }
      if (issue.origin === 'number' || issue.origin === 'int') {
        return `Number must be greater than or equal to ${String(issue.minimum)}`
      }
      return undefined
    default:
      return undefined
  }
}

/**
 * SPEC §5 form-schema default messages as a zod 4 error customiser: 'Required', 'Expected X
 * received Y', 'Invalid email', 'String must contain at least N characters' and 'Number must be
 * greater than or equal to N'. Every other issue gets zod's own English text
 * ({@link zodEnglishErrorMap}), whatever locale the page set; a message a schema sets itself
 * always wins over both.
 *
 * Pass it per call (`z.safeParse(schema, value, { error: latchErrorMap })`, or use
 * {@link safeParseWith}), never through the global `z.config`: that is shared by every Latch
 * instance and every other zod user on the page.
 */
export const latchErrorMap: z.core.$ZodErrorMap = (issue) =>
  specMessage(issue) ?? zodEnglishErrorMap(issue)

/** `['networks', 0, 'name']` → `'networks.0.name'`; the empty path → {@link ROOT_PATH}. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return ROOT_PATH
  return path
    .map((key) => (typeof key === 'symbol' ? (key.description ?? 'symbol') : String(key)))
    .join('.')
}

/** True when a union branch failed only because the value is not that branch's type at all. */
function isRootMismatch(branch: readonly z.core.$ZodIssue[]): boolean {
  return branch.every(
    (issue) =>
      issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value'),
  )
}

/**
 * Turns zod issues into {@link ValidationIssue}s. A failed union says only "Invalid input"; when
 * exactly one of its branches matched the value's type (e.g. `false | string[]` given an array
 * with one bad entry), that branch's own issues are reported instead, because they name the
 * actual mistake.
 */
export function toValidationIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): ValidationIssue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path]
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const relevant = issue.errors.filter((branch) => !isRootMismatch(branch))
      const [only] = relevant
      if (relevant.length === 1 && only) return toValidationIssues(only, path)
    }
    return [{ path: formatIssuePath(path), message: issue.message }]
  })
}

/** `'a: Required; b.0: Invalid email'`: the one-line form used in thrown error messages. */
export function formatValidationIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')
}
