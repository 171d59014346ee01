import * as z from 'zod/mini'
import { latchErrorMap, toValidationIssues, type ValidationIssue } from './issues.js'

/** The outcome of {@link safeParseWith}: the parsed value, or every problem found. */
export type SafeParseResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly issues: ValidationIssue[] }

/**
 * Validates untrusted data at a boundary (host options, API responses, postMessage payloads,
 * stored values) with the SPEC §5 messages of {@link latchErrorMap}. Never throws for invalid
 * data; the issues carry dotted paths such as `networks.0.rpcUrls.default.http.0`.
 */
export function safeParseWith<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
): SafeParseResult<z.output<S>> {
  const result = z.safeParse(schema, value, { error: latchErrorMap })
  if (result.success) return { success: true, data: result.data }
  return { success: false, issues: toValidationIssues(result.error.issues) }
}
