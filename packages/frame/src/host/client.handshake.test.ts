import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { FRAME_PROTOCOL, FRAME_READY_DELAY_MS } from '../constants.js'
import { isFrameError } from '../errors.js'
import { createHarness } from '../test/harness.js'
import { sampleHandlers, samples, type HandledCall } from '../test/samples.js'
import { flush } from '../test/windows.js'

const ready = (nonce = crypto.randomUUID()) => ({ protocol: FRAME_PROTOCOL, type: 'READY', nonce })

describe('before load()', () => {
  it('rejects requests with frame_not_set and mounts nothing', async () => {
    const { client, pair } = createHarness()
    await expect(client.request('GET_CHAIN_ID')).rejects.toSatisfy((error) =>
      isFrameError(error, 'frame_not_set'),
    )
    await expect(client.whenReady()).rejects.toMatchObject({ kind: 'frame_not_set' })
    expect(pair.mounted).toEqual([])
    expect(pair.host.size).toBe(0)
  })
})

describe('load()', () => {
  it('mounts the frame URL once, listening before it mounts', () => {
    const { client, pair } = createHarness()
    client.load()
    client.load()
    expect(pair.mounted).toHaveLength(1)
    const params = new URL(pair.mounted[0] ?? '').searchParams
    expect(params.get('projectId')).toBe('project-1')
    expect(params.get('chainId')).toBe('eip155:31337')
    expect(params.get('version')).toBe('0.0.0')
    expect(params.get('enableLogger')).toBe('false')
    expect(params.get('parentOrigin')).toBe(pair.hostOrigin)
    expect(pair.host.size).toBe(1)
    expect(client.state).toBe('loading')
  })

  it('cleans up and rethrows when mount throws', () => {
    const { client, pair } = createHarness({
      mount: () => {
        throw new Error('no document')
      },
    })
    expect(() => client.load()).toThrow('no document')
    expect(client.state).toBe('idle')
    expect(pair.host.size).toBe(0)
  })
})

describe('the handshake', () => {
  it('answers READY with a private port, then all traffic uses that port', async () => {
    const calls: HandledCall[] = []
    const { client, pair, ready: start } = createHarness()
    await start(sampleHandlers(calls))
    expect(client.state).toBe('ready')
    await client.request('GET_USER', samples.GET_USER.request)
    await client.request('SIGN_OUT')
    expect(calls.map((call) => call.type)).toEqual(['GET_USER', 'SIGN_OUT'])
    // Only the port handover ever crossed the windows: one post each way.
    expect(pair.iframe.posts.map((post) => post.message)).toEqual([
      { protocol: FRAME_PROTOCOL, type: 'CONNECT_PORT', nonce: expect.any(String) },
    ])
    expect(pair.iframe.posts[0]?.transfer).toHaveLength(1)
    expect(pair.parent.posts.map((post) => post.message)).toEqual([
      { protocol: FRAME_PROTOCOL, type: 'READY', nonce: expect.any(String) },
    ])
  })

  it('never posts with the target origin *, in either direction', async () => {
    const { client, pair, ready: start } = createHarness()
    await start()
    await client.request('CONNECT_EMAIL', samples.CONNECT_EMAIL.request)
    await client.request('RPC_REQUEST', samples.RPC_REQUEST.request)
    expect(pair.iframe.posts.length).toBeGreaterThan(0)
    for (const post of pair.iframe.posts) expect(post.targetOrigin).toBe(pair.frameOrigin)
    for (const post of pair.parent.posts) expect(post.targetOrigin).toBe(pair.hostOrigin)
  })

  it('ignores a READY from another origin, another window, or malformed, counting each', async () => {
    const { client, pair } = createHarness()
    client.load()
    pair.forgeToHost({ data: ready(), origin: 'https://evil.example', source: pair.iframe })
    // A second frame of the same origin on the page (say another Latch instance's).
    pair.forgeToHost({ data: ready(), origin: pair.frameOrigin, source: {} })
    pair.forgeToHost({
      data: { ...ready(), nonce: 'x' },
      origin: pair.frameOrigin,
      source: pair.iframe,
    })
    pair.forgeToHost({ data: { type: 'READY' }, origin: pair.frameOrigin, source: pair.iframe })
    pair.forgeToHost({ data: 'READY', origin: pair.frameOrigin, source: pair.iframe })
    await flush()
    expect(client.dropped).toEqual({
      origin: 1,
      source: 1,
      invalid: 3,
      'unknown-id': 0,
      unexpected: 0,
    })
    expect(pair.iframe.posts).toEqual([])
    expect(client.state).toBe('loading')
  })

  it('queues requests made before READY and sends them in order once ready', async () => {
    const calls: HandledCall[] = []
    const harness = createHarness()
    harness.client.load()
    const first = harness.client.request('IS_CONNECTED', samples.IS_CONNECTED.request)
    const second = harness.client.request('GET_CHAIN_ID')
    await flush()
    expect(calls).toEqual([])
    harness.startFrame(sampleHandlers(calls))
    await expect(first).resolves.toEqual(samples.IS_CONNECTED.success)
    await expect(second).resolves.toEqual(samples.GET_CHAIN_ID.success)
    expect(calls.map((call) => call.type)).toEqual(['IS_CONNECTED', 'GET_CHAIN_ID'])
  })

  it('is refused when the frame does not allow this origin', async () => {
    const { client, pair, startFrame, onRefused } = createHarness()
    client.load()
    const pending = client.request('GET_USER', {})
    const waiting = client.whenReady()
    const endpoint = startFrame(sampleHandlers(), {
      allowedParentOrigins: ['https://someone-else.example'],
    })
    await expect(pending).rejects.toMatchObject({ kind: 'origin_not_allowed', event: 'GET_USER' })
    await expect(waiting).rejects.toMatchObject({ kind: 'origin_not_allowed' })
    expect(client.state).toBe('refused')
    expect(onRefused).toHaveBeenCalledTimes(1)
    expect(endpoint.parentOrigin).toBeUndefined()
    await expect(client.request('GET_CHAIN_ID')).rejects.toMatchObject({
      kind: 'origin_not_allowed',
    })
    expect(pair.iframe.posts).toEqual([])
  })
})

describe('a refusal after READY', () => {
  it('wins over the ready delay and closes the port', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const harness = createHarness({ timeouts: { readyDelayMs: FRAME_READY_DELAY_MS } })
    harness.client.load()
    const endpoint = harness.startFrame()
    const pending = harness.client.request('GET_CHAIN_ID')
    await flush()
    expect(harness.client.state).toBe('settling')
    // The frame itself (right origin, right window) now says no, e.g. after a reload.
    harness.pair.parent.postMessage(
      { protocol: FRAME_PROTOCOL, type: 'ORIGIN_NOT_ALLOWED' },
      harness.pair.hostOrigin,
    )
    await expect(pending).rejects.toMatchObject({ kind: 'origin_not_allowed' })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    expect(harness.client.state).toBe('refused')
    expect(endpoint.notify('FRAME_SESSION_EXPIRED')).toBe(true)
    await flush()
    expect(harness.onNotice).not.toHaveBeenCalled()
  })
})

describe('a reload of the frame', () => {
  it('takes a new port on the new READY: RELOAD resolves, other requests in flight abort', async () => {
    const harness = createHarness()
    const stuck = new Promise<never>(() => undefined)
    const first = await harness.ready({
      ...sampleHandlers(),
      GET_USER: () => stuck,
      RELOAD: () => stuck,
    })
    const inFlight = harness.client.request('GET_USER', {})
    const reload = harness.client.request('RELOAD')
    await flush()
    // The old page goes away and the new one starts on the same window.
    first.destroy()
    const calls: HandledCall[] = []
    harness.startFrame(sampleHandlers(calls))
    await expect(reload).resolves.toBeUndefined()
    await expect(inFlight).rejects.toMatchObject({ kind: 'aborted', event: 'GET_USER' })
    await harness.client.whenReady()
    await expect(harness.client.request('GET_CHAIN_ID')).resolves.toEqual(
      samples.GET_CHAIN_ID.success,
    )
    expect(calls.map((call) => call.type)).toEqual(['GET_CHAIN_ID'])
  })
})

describe('destroy()', () => {
  it('removes the iframe, rejects what waits, stops listening, and refuses new requests', async () => {
    const harness = createHarness()
    const endpoint = await harness.ready({
      ...sampleHandlers(),
      CONNECT_DEVICE: () => new Promise<never>(() => undefined),
    })
    const pending = harness.client.request('CONNECT_DEVICE')
    await flush()
    harness.client.destroy()
    harness.client.destroy()
    await expect(pending).rejects.toMatchObject({ kind: 'frame_not_set', event: 'CONNECT_DEVICE' })
    expect(harness.pair.removed.count).toBe(1)
    expect(harness.pair.host.size).toBe(0)
    expect(harness.client.state).toBe('destroyed')
    await expect(harness.client.request('GET_CHAIN_ID')).rejects.toMatchObject({
      kind: 'frame_not_set',
    })
    // The port is closed: the frame's notices go nowhere, and nothing reaches the host.
    endpoint.notify('FRAME_SESSION_EXPIRED')
    await flush()
    expect(harness.onNotice).not.toHaveBeenCalled()
  })
})
