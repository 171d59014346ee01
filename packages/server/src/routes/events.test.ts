import { randomUUID } from 'node:crypto'
import {
  apiErrorSchema,
  ERROR_REPORTS_PER_MINUTE,
  eventAcceptedSchema,
  type EventBody,
} from '@latch/core/api'
import { eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { events } from '../db/schema.js'
import { startServer } from '../server.js'
import type { LatchServer } from '../server.js'
import { describeOnEachDatabase, post, TEST_ORIGIN, testConfig } from '../../test/harness.js'
import { EVENT_BODY_MAX_BYTES } from './events.js'

/** A minute's window starts here; the tests' clock sits 15 s into it. */
const WINDOW_START = 1_700_000_040_000
const fixedClock = () => WINDOW_START + 15_000

function event(type: 'track' | 'error', overrides: Partial<EventBody> = {}): EventBody {
  return {
    eventId: randomUUID(),
    url: 'https://app.example/swap?x=1',
    domain: 'app.example',
    timestamp: 1_700_000_000_123,
    props: {
      type,
      event: type === 'error' ? 'CONNECT_FAILED' : 'MODAL_OPEN',
      properties: type === 'error' ? { code: 4001 } : { connected: false },
    },
    ...overrides,
  }
}

const send = (server: LatchServer, projectId: string, body: unknown) =>
  post(server, `/e?projectId=${projectId}&st=latch&sv=0.0.0`, body)

describeOnEachDatabase('POST /e', (suite) => {
  const rowsOf = (projectId: string) =>
    suite.database().db.select().from(events).where(eq(events.projectId, projectId))

  it('stores an event with its project and client, and answers that it did', async () => {
    const config = testConfig({ analytics: true })
    const server = await suite.server(config)
    const projectId = config.projects[0]!.id
    const body = event('track')
    const response = await send(server, projectId, body)
    expect(response.status).toBe(200)
    expect(eventAcceptedSchema.parse(await response.json())).toEqual({ stored: true })
    const rows = await rowsOf(projectId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      eventId: body.eventId,
      projectId,
      // In process there is no socket to read an address from.
      clientId: 'unknown',
      type: 'track',
      event: 'MODAL_OPEN',
      url: body.url,
      domain: body.domain,
      timestamp: body.timestamp,
      properties: { connected: false },
    })
  })

  it('refuses analytics events for a project whose analytics is off, and stores nothing', async () => {
    const config = testConfig({ analytics: false })
    const server = await suite.server(config)
    const projectId = config.projects[0]!.id
    const response = await send(server, projectId, event('track'))
    expect(response.status).toBe(409)
    expect(apiErrorSchema.parse(await response.json()).error).toBe(
      'Analytics is off for this project',
    )
    expect(await rowsOf(projectId)).toHaveLength(0)
    // Error reports are the operator's diagnostics: still taken.
    expect((await send(server, projectId, event('error'))).status).toBe(200)
    expect(await rowsOf(projectId)).toHaveLength(1)
  })

  it('records the client’s address as the socket saw it', async () => {
    const config = testConfig({ analytics: true })
    const running = await startServer(config, { database: suite.database() })
    try {
      const projectId = config.projects[0]!.id
      const body = event('track')
      const response = await fetch(`${running.url}/e?projectId=${projectId}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: TEST_ORIGIN,
          // Anyone can write this header: it must not become the client id.
          'x-forwarded-for': '203.0.113.9',
        },
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(200)
      const rows = await rowsOf(projectId)
      expect(rows.map((row) => row.clientId)).toEqual(['127.0.0.1'])
    } finally {
      await running.close()
    }
  })

  it('takes 5 error reports a minute per project and client, then 429 with Retry-After', async () => {
    const config = testConfig({ analytics: true })
    const other = testConfig({ analytics: true })
    let clock = fixedClock()
    const server = await suite.server(config, { now: () => clock })
    const otherServer = await suite.server(other, { now: () => clock })
    const projectId = config.projects[0]!.id
    expect(ERROR_REPORTS_PER_MINUTE).toBe(5)
    const statuses: number[] = []
    for (let i = 0; i < 7; i++)
      statuses.push((await send(server, projectId, event('error'))).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
    const refused = event('error')
    const tooMany = await send(server, projectId, refused)
    expect(tooMany.status).toBe(429)
    expect(tooMany.headers.get('retry-after')).toBe('45')
    expect(apiErrorSchema.parse(await tooMany.json()).error).toBe('Too many error reports')
    expect(await rowsOf(projectId)).toHaveLength(5)
    // Analytics events are not error reports: they are not counted.
    expect((await send(server, projectId, event('track'))).status).toBe(200)
    // Another project has its own limit.
    expect((await send(otherServer, other.projects[0]!.id, event('error'))).status).toBe(200)
    // The next minute opens a new window.
    clock = WINDOW_START + 60_000
    expect((await send(server, projectId, refused)).status).toBe(200)
    const rows = await rowsOf(projectId)
    expect(rows.filter((row) => row.type === 'error')).toHaveLength(6)
    expect(rows.map((row) => row.eventId)).toContain(refused.eventId)
  })

  it('limits analytics events per project and client (finding 7): 429 past it, nothing stored', async () => {
    const config = testConfig({
      analytics: true,
      trackRateLimit: { requests: 3, windowSeconds: 60 },
    })
    let clock = fixedClock()
    const server = await suite.server(config, { now: () => clock })
    const projectId = config.projects[0]!.id
    const statuses: number[] = []
    for (let i = 0; i < 5; i++)
      statuses.push((await send(server, projectId, event('track'))).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    const refused = await send(server, projectId, event('track'))
    expect(refused.headers.get('retry-after')).toBe('45')
    expect(apiErrorSchema.parse(await refused.json()).error).toBe('Too many events')
    expect(await rowsOf(projectId)).toHaveLength(3)
    // A flood of analytics does not spend the error reports' own budget.
    expect((await send(server, projectId, event('error'))).status).toBe(200)
    clock = WINDOW_START + 60_000
    expect((await send(server, projectId, event('track'))).status).toBe(200)
  })

  it('two instances on one database share the limit: 5 across both, not 10', async () => {
    const config = testConfig({ analytics: true })
    const a = await suite.server(config, { now: fixedClock })
    const b = await suite.server(config, { now: fixedClock })
    const projectId = config.projects[0]!.id
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i % 2 === 0 ? a : b, projectId, event('error'))),
    ).then((responses) => responses.map((response) => response.status))
    expect(statuses.filter((status) => status === 200)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(5)
    expect(await rowsOf(projectId)).toHaveLength(5)
  })

  it('stores a repeated event id once, and accepts the repeat without counting it', async () => {
    const config = testConfig({ analytics: true })
    const server = await suite.server(config, { now: fixedClock })
    const projectId = config.projects[0]!.id
    const track = event('track')
    expect((await send(server, projectId, track)).status).toBe(200)
    const again = await send(server, projectId, track)
    expect(again.status).toBe(200)
    expect(eventAcceptedSchema.parse(await again.json())).toEqual({ stored: true })
    const first = event('error')
    expect((await send(server, projectId, first)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await send(server, projectId, first)).status).toBe(200)
    // Four repeats did not use the minute's budget: four new reports still fit, the fifth not.
    const fresh: number[] = []
    for (let i = 0; i < 5; i++) fresh.push((await send(server, projectId, event('error'))).status)
    expect(fresh).toEqual([200, 200, 200, 200, 429])
    // Even over the limit, a report already stored is still accepted.
    expect((await send(server, projectId, first)).status).toBe(200)
    const rows = await rowsOf(projectId)
    expect(rows.filter((row) => row.eventId === track.eventId)).toHaveLength(1)
    expect(rows.filter((row) => row.eventId === first.eventId)).toHaveLength(1)
    expect(rows).toHaveLength(6)
  })

  it('refuses what is not an event with a JSON error, and stores nothing', async () => {
    const config = testConfig({ analytics: true })
    const server = await suite.server(config, { now: fixedClock })
    const projectId = config.projects[0]!.id
    const cases: Array<[unknown, number, string | undefined]> = [
      ['{not json', 400, undefined],
      [event('track', { url: 'javascript:alert(1)' }), 400, 'url'],
      [event('track', { eventId: 'not-a-uuid' }), 400, 'eventId'],
      [{ ...event('error'), props: { type: 'error', event: 'lower case' } }, 400, 'props'],
      [{ ...event('track'), props: { type: 'spam', event: 'X' } }, 400, 'props'],
      // Valid JSON and valid by the schema, but PostgreSQL stores no NUL and no lone surrogate.
      [event('track', { domain: 'app\u0000.example' }), 400, 'domain'],
      [
        event('error', { props: { type: 'error', event: 'X', properties: { note: 'a\ud800' } } }),
        400,
        'props',
      ],
      [
        event('track', { props: { type: 'track', event: 'X', properties: { '\udc00': 1 } } }),
        400,
        'props',
      ],
      [
        event('track', {
          props: { type: 'track', event: 'BIG', properties: { note: 'x'.repeat(20_000) } },
        }),
        413,
        undefined,
      ],
    ]
    for (const [body, status, path] of cases) {
      const response = await send(server, projectId, body)
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status)
      const error = apiErrorSchema.parse(await response.json())
      if (path) expect(error.issues?.[0]?.path[0]).toBe(path)
      expect(JSON.stringify(error)).not.toMatch(/\bat .+:\d+:\d+/)
    }
    const unknown = await send(server, 'nobody-here', event('track'))
    expect(unknown.status).toBe(403)
    expect(await rowsOf(projectId)).toEqual([])
    expect(await rowsOf('nobody-here')).toEqual([])
  })

  it('never fails on a fuzzed body, and stores only the events it accepted', async () => {
    const config = testConfig({ analytics: true })
    const logged: unknown[] = []
    const server = await suite.server(config, {
      now: fixedClock,
      log: (error) => logged.push(error),
    })
    const projectId = config.projects[0]!.id
    /** Mostly `valid`, now and then `invalid`: most candidates are events, many are not. */
    const mostly = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) =>
      fc.oneof({ arbitrary: valid, weight: 9 }, { arbitrary: invalid, weight: 1 })
    /** Text with what JSON carries and PostgreSQL cannot store: NUL, lone surrogates. */
    const awkward = fc.string({
      unit: fc.constantFrom('a', 'é', '😀', '\u0000', '\ud800', '\udc00', '\u2028'),
      minLength: 1,
      maxLength: 6,
    })
    const value = mostly(
      fc.oneof(
        fc.string({ maxLength: 40 }),
        awkward,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
      ),
      fc.oneof(fc.string({ minLength: 1000, maxLength: 1100 }), fc.jsonValue({ maxDepth: 2 })),
    )
    const candidate = fc.record({
      eventId: mostly(fc.uuid({ version: 4 }), fc.string({ maxLength: 40 })),
      url: mostly(
        fc.constantFrom('https://app.example/', 'http://127.0.0.1:5173/x?y=1'),
        fc.oneof(fc.webUrl(), fc.string({ maxLength: 30 })),
      ),
      domain: mostly(fc.domain(), fc.oneof(fc.string({ maxLength: 300 }), awkward)),
      timestamp: mostly(fc.nat(), fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 5 }))),
      props: fc.record(
        {
          type: mostly(fc.constantFrom('track', 'error'), fc.string({ maxLength: 8 })),
          event: mostly(
            fc.constantFrom('MODAL_OPEN', 'MODAL_CLOSE', 'CONNECT_FAILED'),
            fc.string({ maxLength: 70 }),
          ),
          properties: fc.dictionary(mostly(fc.string({ maxLength: 66 }), awkward), value, {
            maxKeys: 4,
          }),
        },
        { requiredKeys: ['type', 'event'] },
      ),
    })
    const sent = new Set<string>()
    const accepted = new Set<string>()
    const body = fc.oneof(
      { arbitrary: candidate.map((c) => JSON.stringify(c)), weight: 6 },
      { arbitrary: fc.jsonValue().map((json) => JSON.stringify(json)), weight: 1 },
      { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 1 },
      {
        arbitrary: candidate.map((c) =>
          JSON.stringify({ ...c, padding: 'x'.repeat(EVENT_BODY_MAX_BYTES) }),
        ),
        weight: 1,
      },
    )
    const project = fc.oneof(
      { arbitrary: fc.constant(projectId), weight: 8 },
      { arbitrary: fc.constantFrom('nobody-here', 'bad id', ''), weight: 1 },
    )
    await fc.assert(
      fc.asyncProperty(body, project, async (text, target) => {
        const eventId = (() => {
          try {
            return (JSON.parse(text) as { eventId?: unknown }).eventId
          } catch {
            return undefined
          }
        })()
        if (typeof eventId === 'string') sent.add(eventId)
        const response = await post(server, `/e?projectId=${encodeURIComponent(target)}`, text)
        expect([200, 400, 403, 413, 429]).toContain(response.status)
        const answer: unknown = await response.json()
        if (response.status === 200) {
          expect(eventAcceptedSchema.safeParse(answer).success).toBe(true)
          accepted.add(eventId as string)
        } else {
          expect(apiErrorSchema.safeParse(answer).success).toBe(true)
          expect(JSON.stringify(answer)).not.toMatch(/\bat .+:\d+:\d+/)
        }
      }),
      { numRuns: 300 },
    )
    expect(logged).toEqual([])
    const uuids = [...sent].filter((id) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id),
    )
    const stored = uuids.length
      ? await suite
          .database()
          .db.select({ eventId: events.eventId, projectId: events.projectId })
          .from(events)
          .where(inArray(events.eventId, uuids))
      : []
    // Every row is an accepted event of this project; every accepted event has its row.
    for (const row of stored) {
      expect(accepted.has(row.eventId), row.eventId).toBe(true)
      expect(row.projectId).toBe(projectId)
    }
    expect(new Set(stored.map((row) => row.eventId))).toEqual(accepted)
    expect((await rowsOf(projectId)).every((row) => accepted.has(row.eventId))).toBe(true)
    // The fuzz reached the storing path, not only the refusals.
    expect(accepted.size).toBeGreaterThan(20)
  })
})
