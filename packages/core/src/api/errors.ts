import * as z from 'zod/mini'

/**
 * The body of every error answer of the Latch server: a message, and for a rejected request the
 * zod issues (path and message), never a stack trace.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  issues: z.optional(
    z.array(
      z.object({
        path: z.array(z.union([z.string(), z.number()])),
        message: z.string(),
      }),
    ),
  ),
})

export type ApiError = z.output<typeof apiErrorSchema>
