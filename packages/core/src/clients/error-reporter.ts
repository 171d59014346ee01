// SPEC §9 "Error reports: at most 5 per minute", kept by the client: an instance never sends
// more, whatever fails how often. The Latch server enforces the same limit per project and
// client; this side keeps a failing page from even trying.
import * as z from 'zod/mini'
import {
  ERROR_REPORT_WINDOW_MS,
  ERROR_REPORTS_PER_MINUTE,
  eventBodySchema,
  type EventBody,
} from '../api/provider.js'
import type { ProviderClient } from './provider-client.js'

/** Where the reports come from: the page's URL and its domain (SPEC §7 `POST /e` body). */
export interface ReportPage {
  url: string
  domain: string
}

export interface ErrorReporterOptions {
  /** Sends the report (the provider client's `POST /e`). */
  client: Pick<ProviderClient, 'sendEvent'>
  /** The page on show; `undefined` where there is none (a server render): nothing is sent then. */
  page?: () => ReportPage | undefined
  /** The clock (ms); `Date.now` by default. */
  now?: () => number
  /** A fresh event id (a UUID); `crypto.randomUUID` by default. */
  eventId?: () => string
}

/** One error report: an event name (`UPPER_SNAKE`) and a few flat properties. */
export interface ErrorReport {
  event: string
  properties?: NonNullable<EventBody['props']['properties']>
}

export interface ErrorReporter {
  /**
   * Sends one error report, unless {@link ERROR_REPORTS_PER_MINUTE} were sent in the last
   * minute (a sliding window), there is no page, or the report is not a valid `POST /e` body.
   * Never throws and never waits: a report that cannot be sent is dropped, since reporting must
   * never break the page it reports on.
   * @returns whether the report was sent.
   */
  report(report: ErrorReport): boolean
}

function currentPage(): ReportPage | undefined {
  const location = globalThis.location
  if (!location) return undefined
  return { url: location.href, domain: location.hostname }
}

/** The error reporter of one instance: its own count, so two instances never share one. */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const now = options.now ?? Date.now
  const page = options.page ?? currentPage
  const eventId = options.eventId ?? (() => globalThis.crypto.randomUUID())
  // When the reports of the last minute were sent, oldest first.
  let sent: number[] = []

  return {
    report({ event, properties }) {
      const at = now()
      sent = sent.filter((time) => at - time < ERROR_REPORT_WINDOW_MS)
      if (sent.length >= ERROR_REPORTS_PER_MINUTE) return false
      const where = page()
      if (!where) return false
      const body = z.safeParse(eventBodySchema, {
        eventId: eventId(),
        url: where.url,
        domain: where.domain,
        timestamp: at,
        props: { type: 'error', event, ...(properties ? { properties } : {}) },
      })
      if (!body.success) return false
      sent.push(at)
      options.client.sendEvent(body.data).catch(() => undefined)
      return true
    },
  }
}
