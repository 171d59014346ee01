import { z } from 'zod'
import type { RelayOptions } from './types.js'

/** Clients drop a socket silent for 35 s (core's heartBeatTimeout): pings must come sooner. */
export const MAX_PING_INTERVAL_MS = 30_000

const optionsSchema = z.object({
  host: z.string().min(1).max(255).default('127.0.0.1'),
  port: z.number().int().min(0).max(65_535).default(0),
  pingIntervalMs: z
    .number()
    .int()
    .positive()
    .lt(MAX_PING_INTERVAL_MS, `pingIntervalMs must be < ${MAX_PING_INTERVAL_MS}`)
    .default(10_000),
  maxConnections: z.number().int().positive().default(256),
  maxQueuePerTopic: z.number().int().positive().default(256),
  maxTopics: z.number().int().positive().default(10_000),
  maxMessageBytes: z
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  maxTtlSeconds: z
    .number()
    .int()
    .positive()
    .default(30 * 24 * 60 * 60),
  now: z
    .custom<() => number>((value) => typeof value === 'function', 'now must be a function')
    .optional(),
})

export type ResolvedOptions = Omit<z.infer<typeof optionsSchema>, 'now'> & { now: () => number }

/** Validates the options; throws a readable error naming every bad field. */
export function resolveOptions(options: RelayOptions = {}): ResolvedOptions {
  const parsed = optionsSchema.safeParse(options)
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`)
      .join('; ')
    throw new TypeError(`@latch/relay: invalid options (${detail})`)
  }
  return { ...parsed.data, now: parsed.data.now ?? Date.now }
}
