import * as z from 'zod/mini'

// Its own module, so start-up code can name the sdk without these schemas.
export { LATCH_SDK, sdkParams, type SdkInfo } from './sdk-info.js'

/** The longest project id the server accepts. */
export const PROJECT_ID_MAX_LENGTH = 128

/** A project id: letters, digits, `-` and `_`. */
export const projectIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'Invalid project id'))

/** The query parameters every SPEC §7 call carries: projectId, st, sv. */
export const sdkParamsSchema = z.object({
  projectId: projectIdSchema,
  st: z.string().check(z.regex(/^[a-z0-9-]{1,32}$/, 'Invalid sdk type')),
  sv: z.string().check(z.regex(/^[0-9A-Za-z.+-]{1,32}$/, 'Invalid sdk version')),
})
