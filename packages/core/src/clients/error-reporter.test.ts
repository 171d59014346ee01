import { describe, expect, it } from 'vitest'
import { createErrorReporter } from './error-reporter.js'
import {
  ERROR_REPORT_WINDOW_MS,
  ERROR_REPORTS_PER_MINUTE,
  eventBodySchema,
  type EventBody,
} from '../api/provider.js'
import * as z from 'zod/mini'

const page = { url: 'https://app.example.com/swap?x=1', domain: 'app.example.com' }

/** A reporter over a recording client, an injected clock and counted event ids. */
function setup(send: (body: EventBody) => Promise<void> = async () => undefined) {
  const sent: EventBody[] = []
  let clock = 1_700_000_000_000
  let ids = 0
  const reporter = createErrorReporter({
    client: {
      sendEvent: (body) => {
        sent.push(body)
        return send(body)
      },
    },
    page: () => page,
    now: () => clock,
    eventId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
  })
  const advance = (ms: number) => void (clock += ms)
  return { reporter, sent, advance, now: () => clock }
}

describe('the error reporter (SPEC §9: at most 5 error reports per minute)', () => {
  it('sends a valid POST /e error report', () => {
    const { reporter, sent, now } = setup()
    expect(reporter.report({ event: 'CONNECT_FAILED', properties: { code: 4001 } })).toBe(true)
    expect(sent).toEqual([
      {
        eventId: '00000000-0000-4000-8000-000000000001',
        url: page.url,
        domain: page.domain,
        timestamp: now(),
        props: { type: 'error', event: 'CONNECT_FAILED', properties: { code: 4001 } },
      },
    ])
    expect(z.safeParse(eventBodySchema, sent[0]).success).toBe(true)
  })

  it('sends at most 5 in any minute, and more once the oldest is a minute old', () => {
    const { reporter, sent, advance } = setup()
    expect(ERROR_REPORTS_PER_MINUTE).toBe(5)
    const results: boolean[] = []
    for (let i = 0; i < 5; i++) {
      results.push(reporter.report({ event: 'FAILED' }))
      advance(10_000)
    }
    // 50 s after the first: the sixth, and any more, are dropped.
    results.push(reporter.report({ event: 'FAILED' }), reporter.report({ event: 'FAILED' }))
    expect(results).toEqual([true, true, true, true, true, false, false])
    expect(sent).toHaveLength(5)
    // The window slides: 1 ms before the first report is a minute old, still full.
    advance(ERROR_REPORT_WINDOW_MS - 50_000 - 1)
    expect(reporter.report({ event: 'FAILED' })).toBe(false)
    advance(1)
    expect(reporter.report({ event: 'FAILED' })).toBe(true)
    expect(reporter.report({ event: 'FAILED' })).toBe(false)
    expect(sent).toHaveLength(6)
  })

  it('counts per instance: two reporters never share a count', () => {
    const a = setup()
    const b = setup()
    for (let i = 0; i < 5; i++) a.reporter.report({ event: 'FAILED' })
    expect(a.reporter.report({ event: 'FAILED' })).toBe(false)
    expect(b.reporter.report({ event: 'FAILED' })).toBe(true)
  })

  it('never throws: a failed send is dropped, and still counts toward the limit', async () => {
    const { reporter, sent } = setup(async () => Promise.reject(new Error('offline')))
    for (let i = 0; i < 5; i++) expect(reporter.report({ event: 'FAILED' })).toBe(true)
    expect(reporter.report({ event: 'FAILED' })).toBe(false)
    expect(sent).toHaveLength(5)
    // Let the rejected sends settle: none may surface as an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 0))
  })

  it('drops an invalid report, or one without a page, without counting it', () => {
    const { reporter, sent } = setup()
    expect(reporter.report({ event: 'not upper case' })).toBe(false)
    expect(reporter.report({ event: 'OK', properties: { note: 'x'.repeat(2000) } })).toBe(false)
    const pageless = createErrorReporter({
      client: { sendEvent: async (body) => void sent.push(body) },
      page: () => undefined,
    })
    expect(pageless.report({ event: 'FAILED' })).toBe(false)
    expect(sent).toEqual([])
    for (let i = 0; i < 5; i++) expect(reporter.report({ event: 'FAILED' })).toBe(true)
  })
})
