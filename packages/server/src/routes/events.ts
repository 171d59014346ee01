import { getConnInfo } from '@hono/node-server/conninfo'
import {
  ERROR_REPORT_WINDOW_MS,
  ERROR_REPORTS_PER_MINUTE,
  eventAcceptedSchema,
  eventBodySchema,
} from '@latch/core/api'
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { events } from '../db/schema.js'
import type { RouteDeps } from '../deps.js'
import { unstorableFields } from '../events/storable.js'
import { HttpError } from '../http/errors.js'
import type { ProjectEnv } from '../http/project.js'
import { jsonBody, parseRequest, respond } from '../http/validate.js'
import { hitRateLimit } from '../limits/rate-limit.js'

/**
 * The largest `POST /e` body read. A valid event is at most a 2 KiB URL, a domain and a few flat
 * properties (each value ≤ 1 KiB): a dozen of them fit, and a client cannot make the server hold
 * more than this in memory for one request.
 */
export const EVENT_BODY_MAX_BYTES = 16 * 1024

/** Who sent the request when nothing better is known (an in-process call, in tests). */
const UNKNOWN_CLIENT = 'unknown'

/**
 * The client's address as this server's socket sees it. A forwarded-for header is not trusted:
 * any client can write one, and it would let one client spread its error reports over as many
 * limits as it likes.
 */
function clientIdOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_CLIENT
  } catch {
    // No Node socket behind the request (`app.fetch` called in process).
    return UNKNOWN_CLIENT
  }
}

/**
 * SPEC §7 `POST /e`: one analytics event or error report, stored with its project and client.
 * Error reports are held to SPEC §9's {@link ERROR_REPORTS_PER_MINUTE} a minute per project and
 * client, analytics events to the project's `trackRateLimit` (120 a minute) per project and
 * client, each by a counter in the database, so every instance counts against the same limit;
 * one over it is a 429 with Retry-After, and is not stored. An event id already stored is accepted
 * again without a second row and without counting (a client's retry). An analytics event for a
 * project with analytics off is refused (409). A body that is too large
 * (413), not JSON, not an event or not storable as it is (400) is refused before anything is
 * written or counted.
 */
export function eventRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  app.post(
    '/e',
    bodyLimit({
      maxSize: EVENT_BODY_MAX_BYTES,
      onError: (c) => c.json(new HttpError(413, 'Request body too large').body(), 413),
    }),
    async (c) => {
      const body = parseRequest(eventBodySchema, await jsonBody(c, EVENT_BODY_MAX_BYTES), 'event')
      const unstorable = unstorableFields(body)
      if (unstorable.length > 0) throw new HttpError(400, 'Invalid event', unstorable)
      const project = c.var.project
      // No telemetry unless the operator turns it on: an analytics event for a project whose
      // analytics is off is refused, never stored. Error reports are the operator's own
      // diagnostics and are always taken (within their limit).
      if (body.props.type === 'track' && !project.analytics) {
        throw new HttpError(409, 'Analytics is off for this project')
      }
      const clientId = clientIdOf(c)
      const [stored] = await deps.db
        .select({ eventId: events.eventId })
        .from(events)
        .where(eq(events.eventId, body.eventId))
        .limit(1)
      if (stored) return respond(c, eventAcceptedSchema, { stored: true })
      // Each kind has its own limit per project and client: a flood of analytics events can
      // neither fill the table nor spend the error reports' budget.
      const [key, limit, refusal] =
        body.props.type === 'error'
          ? [
              `error-reports:${project.id}:${clientId}`,
              { requests: ERROR_REPORTS_PER_MINUTE, windowMs: ERROR_REPORT_WINDOW_MS },
              'Too many error reports',
            ]
          : [
              `track-events:${project.id}:${clientId}`,
              {
                requests: project.trackRateLimit.requests,
                windowMs: project.trackRateLimit.windowSeconds * 1000,
              },
              'Too many events',
            ]
      const verdict = await hitRateLimit(deps.db, key, limit, deps.now())
      if (!verdict.allowed) {
        throw new HttpError(429, refusal, undefined, {
          'retry-after': String(verdict.retryAfterSeconds),
        })
      }
      await deps.db
        .insert(events)
        .values({
          eventId: body.eventId,
          projectId: project.id,
          clientId,
          type: body.props.type,
          event: body.props.event,
          url: body.url,
          domain: body.domain,
          timestamp: body.timestamp,
          properties: body.props.properties ?? null,
        })
        .onConflictDoNothing({ target: events.eventId })
      return respond(c, eventAcceptedSchema, { stored: true })
    },
  )
  return app
}
