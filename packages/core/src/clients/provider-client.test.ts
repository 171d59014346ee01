import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { LatchError } from '../errors/latch-error.js'
import { startFakeLatchServer, type FakeLatchServer } from '../test/fake-latch-server.js'
import { createProviderClient } from './provider-client.js'
import type { EventBody } from '../api/provider.js'
import { LATCH_SDK } from '../api/sdk.js'

let server: FakeLatchServer
beforeAll(async () => {
  server = await startFakeLatchServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.received.length = 0
})

const config = { features: [{ id: 'email', isEnabled: false, config: null }] }
const event: EventBody = {
  eventId: '3b241101-e2bb-4255-8caf-4136c566a962',
  url: 'https://app.example.com/swap',
  domain: 'app.example.com',
  timestamp: 1_700_000_000_000,
  props: { type: 'error', event: 'CONNECT_FAILED', properties: { connector: 'io.metamask' } },
}
const offline = async (): Promise<Response> => Promise.reject(new TypeError('fetch failed'))

async function failureOf(promise: Promise<unknown>): Promise<LatchError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(LatchError)
  return error as LatchError
}

describe('the provider-services client (SPEC §7)', () => {
  it('sends projectId, st and sv on every call, GET and POST alike', async () => {
    server.answer('/appkit/v1/config', { status: 200, body: config })
    server.answer('/projects/v1/origins', { status: 200, body: { allowedOrigins: [] } })
    server.answer('/getAnalyticsConfig', { status: 200, body: { isAnalyticsEnabled: false } })
    server.answer('/e', { status: 200, body: { stored: true } })
    const client = createProviderClient({
      serverUrl: `${server.url}/`,
      projectId: 'demo',
      sdk: { type: 'latch', version: '1.2.3' },
    })
    await client.getProjectConfig()
    await client.getAllowedOrigins()
    await client.getAnalyticsConfig()
    await client.sendEvent(event)
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /appkit/v1/config',
      'GET /projects/v1/origins',
      'GET /getAnalyticsConfig',
      'POST /e',
    ])
    for (const request of server.received) {
      expect(request.query).toEqual({ projectId: 'demo', st: 'latch', sv: '1.2.3' })
      // No cookie or other credential leaves the page.
      expect(request.headers.cookie).toBeUndefined()
    }
  })

  it("sends Latch's own sdk type and version by default, under the server's own path", async () => {
    server.answer('/latch/appkit/v1/config', { status: 200, body: config })
    const client = createProviderClient({ serverUrl: `${server.url}/latch`, projectId: 'demo' })
    expect(await client.getProjectConfig()).toEqual(config)
    expect(server.received[0]).toMatchObject({
      path: '/latch/appkit/v1/config',
      query: { projectId: 'demo', st: LATCH_SDK.type, sv: LATCH_SDK.version },
    })
  })

  it("project config: a 403 is 'Invalid App Configuration'; other failures are errors too", async () => {
    const client = createProviderClient({ serverUrl: server.url, projectId: 'demo' })
    server.answer('/appkit/v1/config', { status: 403, body: { error: 'Unknown project' } })
    const forbidden = await failureOf(client.getProjectConfig())
    expect(forbidden.code).toBe('INVALID_APP_CONFIGURATION')
    expect(forbidden.message).toBe('Invalid App Configuration')
    server.answer('/appkit/v1/config', { status: 500, body: {} })
    expect((await failureOf(client.getProjectConfig())).message).toBe('HTTP status code: 500')
    server.answer('/appkit/v1/config', { status: 200, body: { features: 'all' } })
    expect((await failureOf(client.getProjectConfig())).code).toBe('UNKNOWN_ERROR')
  })

  it('allowed origins: the list, or an empty list on ANY failure', async () => {
    const client = createProviderClient({ serverUrl: server.url, projectId: 'demo' })
    const origins = { allowedOrigins: ['https://app.example.com'] }
    server.answer('/projects/v1/origins', { status: 200, body: origins })
    expect(await client.getAllowedOrigins()).toEqual(origins)
    for (const failure of [
      { status: 403, body: { error: 'Unknown project' } },
      { status: 500, body: {} },
      { status: 200, body: { allowedOrigins: 'https://app.example.com' } },
    ]) {
      server.answer('/projects/v1/origins', failure)
      expect(await client.getAllowedOrigins()).toEqual({ allowedOrigins: [] })
    }
    const unreachable = createProviderClient({
      serverUrl: server.url,
      projectId: 'demo',
      fetch: offline,
    })
    expect(await unreachable.getAllowedOrigins()).toEqual({ allowedOrigins: [] })
    server.answer('/projects/v1/origins', 'hang')
    const controller = new AbortController()
    const sent = server.received.length
    const cancelled = client.getAllowedOrigins({ signal: controller.signal })
    // Abort while the server holds the request: it is then this test's, and never arrives late
    // in the next test's log.
    await vi.waitFor(() => expect(server.received).toHaveLength(sent + 1))
    controller.abort()
    expect(await cancelled).toEqual({ allowedOrigins: [] })
  })

  it('analytics config: its answer, or off on any failure', async () => {
    const client = createProviderClient({ serverUrl: server.url, projectId: 'demo' })
    server.answer('/getAnalyticsConfig', { status: 200, body: { isAnalyticsEnabled: true } })
    expect(await client.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: true })
    for (const failure of [
      { status: 403, body: { error: 'Unknown project' } },
      { status: 502, body: {} },
      { status: 200, body: { isAnalyticsEnabled: 'yes' } },
    ]) {
      server.answer('/getAnalyticsConfig', failure)
      expect(await client.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: false })
    }
    const unreachable = createProviderClient({
      serverUrl: server.url,
      projectId: 'demo',
      fetch: offline,
    })
    expect(await unreachable.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: false })
  })

  it('POST /e sends the event as its JSON body, and never sends an invalid one', async () => {
    const client = createProviderClient({ serverUrl: server.url, projectId: 'demo' })
    server.answer('/e', { status: 200, body: { stored: true } })
    await client.sendEvent(event)
    expect(server.received[0]!.body).toEqual(event)
    expect(server.received[0]!.headers['content-type']).toBe('application/json')

    const invalid = { ...event, props: { ...event.props, event: 'not an event name' } }
    expect((await failureOf(client.sendEvent(invalid))).code).toBe('UNKNOWN_ERROR')
    expect(server.received).toHaveLength(1)

    server.answer('/e', { status: 429, body: { error: 'Too many error reports' } })
    expect((await failureOf(client.sendEvent(event))).message).toBe('HTTP status code: 429')
  })
})
