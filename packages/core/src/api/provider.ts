// SPEC §7 "Provider services": the requests the client sends and the answers it reads, as zod
// schemas. The Latch server validates its requests and its own answers with these same schemas,
// so a change to one side that the other would not parse fails a test on both.
import * as z from 'zod/mini'
import { isCaipNetworkId } from '../identifiers/caip.js'
import { WALLET_SEARCH_LIMIT } from '../directory/query.js'
import { directoryWalletEntrySchema } from '../directory/wallet-schema.js'
import { sdkParamsSchema } from './sdk.js'

/** The longest search text the service accepts (a wallet name is at most 64 characters). */
export const WALLET_SEARCH_MAX_LENGTH = 64
/** At most this many ids in `include`, `exclude` or `chains`. */
export const WALLET_LIST_PARAM_MAX = 100

const positiveInt = (max?: number) =>
  z
    .pipe(
      z.string().check(z.regex(/^[1-9][0-9]{0,8}$/, 'Must be a positive integer')),
      z.transform(Number),
    )
    .check(z.refine((n: number) => max === undefined || n <= max, `Must be at most ${max}`))

/** A comma-joined list parameter: trimmed entries, blanks dropped. */
const commaList = (entry: z.ZodMiniType<string, string>) =>
  z.pipe(
    z.pipe(
      z.string().check(z.maxLength(8192)),
      z.transform((value: string) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      ),
    ),
    z.array(entry).check(z.maxLength(WALLET_LIST_PARAM_MAX)),
  )

const listEntry = z.string().check(z.maxLength(256))
const caipNetworkId = z.string().check(z.refine(isCaipNetworkId, 'Invalid CAIP-2 network id'))

/**
 * SPEC §7 `GET /getWallets` query, as `buildGetWalletsUrl` writes it: projectId, st, sv, page,
 * entries, include, exclude, chains, search, badge_type. `entries` is at most 100 (a search's
 * whole answer, SPEC §9).
 */
export const getWalletsParamsSchema = z.extend(sdkParamsSchema, {
  page: positiveInt(),
  entries: positiveInt(WALLET_SEARCH_LIMIT),
  include: z.optional(commaList(listEntry)),
  exclude: z.optional(commaList(listEntry)),
  chains: z.optional(commaList(caipNetworkId)),
  search: z.optional(z.string().check(z.maxLength(WALLET_SEARCH_MAX_LENGTH))),
  badge_type: z.optional(z.enum(['certified'])),
})

/** The envelope of a `GET /getWallets` answer as the client reads it: entries are checked one by one. */
export const walletPageEnvelopeSchema = z.object({
  data: z.array(z.unknown()),
  count: z.number().check(z.int(), z.nonnegative()),
})

/** A `GET /getWallets` answer as the service must send it: every entry valid. */
export const walletPageSchema = z.object({
  data: z.array(directoryWalletEntrySchema),
  count: z.number().check(z.int(), z.nonnegative()),
})

/** SPEC §7 `GET /projects/v1/origins`: the origins the project allows (empty on failure). */
export const allowedOriginsSchema = z.object({
  allowedOrigins: z.array(z.string().check(z.maxLength(2048))),
})

/** SPEC §7 `GET /getAnalyticsConfig` (off on failure). */
export const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean() })

/** SPEC §9: the error reports a project's client may send each minute. */
export const ERROR_REPORTS_PER_MINUTE = 5
/**
 * The window SPEC §9's limit counts over: the client keeps to it and the server enforces it, so
 * it is stated once, here.
 */
export const ERROR_REPORT_WINDOW_MS = 60_000

/**
 * SPEC §7 `POST /e` body: eventId, url, domain, timestamp, props. `props.type` is 'error' for an
 * error report (limited to {@link ERROR_REPORTS_PER_MINUTE}) and 'track' for analytics events
 * such as MODAL_OPEN / MODAL_CLOSE (whose properties carry `connected`).
 */
export const eventBodySchema = z.object({
  eventId: z.uuid(),
  url: z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)),
  domain: z.string().check(z.minLength(1), z.maxLength(253)),
  timestamp: z.number().check(z.int(), z.nonnegative()),
  props: z.object({
    type: z.enum(['track', 'error']),
    event: z.string().check(z.regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'Invalid event name')),
    properties: z.optional(
      z.record(
        z.string().check(z.maxLength(64)),
        z.union([z.string().check(z.maxLength(1024)), z.number(), z.boolean(), z.null()]),
      ),
    ),
  }),
})

/** The answer to an accepted `POST /e`. */
export const eventAcceptedSchema = z.object({ stored: z.literal(true) })

export type GetWalletsParams = z.output<typeof getWalletsParamsSchema>
export type AllowedOrigins = z.output<typeof allowedOriginsSchema>
export type AnalyticsConfig = z.output<typeof analyticsConfigSchema>
export type EventBody = z.output<typeof eventBodySchema>
