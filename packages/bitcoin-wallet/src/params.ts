import type * as z from 'zod/mini'
import { invalidParams } from './errors.js'

/**
 * Parses params (or a configuration), or throws -32602 naming the first wrong field, after
 * `prefix` (where the value sits, e.g. `accounts[0].`).
 */
export function parseParams<T>(schema: z.ZodMiniType<T>, params: unknown, prefix = ''): T {
  const parsed = schema.safeParse(params)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const path = `${prefix}${issue.path.join('.')}`
  const where = path.length > 0 ? `${path}: ` : ''
  throw invalidParams(`${where}${issue.message}`)
}
