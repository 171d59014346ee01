import { describe, expect, it, vi } from 'vitest'
import { FRAME_PROTOCOL } from '../constants.js'
import { createHarness, createRawHost } from '../test/harness.js'
import { sampleHandlers, samples, type HandledCall } from '../test/samples.js'
import { createWindowPair, flush, type WindowPair } from '../test/windows.js'
import { createFrameEndpoint, type FrameEndpoint } from './endpoint.js'

// The frame's side, against a host the test drives by hand.

const connectPort = (nonce: string) => ({ protocol: FRAME_PROTOCOL, type: 'CONNECT_PORT', nonce })

function start(pair: WindowPair, calls: HandledCall[] = []): FrameEndpoint {
  const endpoint = createFrameEndpoint({
    handlers: sampleHandlers(calls),
    window: pair.frame,
    allowedParentOrigins: [pair.hostOrigin],
  })
  return endpoint
}

/** The nonce of the READY the endpoint posted. */
function readyNonce(pair: WindowPair): string {
  const message = pair.parent.posts[0]?.message
  const nonce =
    typeof message === 'object' && message !== null && 'nonce' in message
      ? message.nonce
      : undefined
  if (typeof nonce !== 'string') throw new Error('no READY was posted')
  return nonce
}

describe('READY', () => {
  it('goes to the parent with its exact origin as the target', () => {
    const pair = createWindowPair()
    const endpoint = start(pair)
    expect(pair.parent.posts).toEqual([
      {
        message: { protocol: FRAME_PROTOCOL, type: 'READY', nonce: expect.any(String) },
        targetOrigin: pair.hostOrigin,
        transfer: [],
      },
    ])
    expect(endpoint.parentOrigin).toBe(pair.hostOrigin)
    expect(endpoint.connected).toBe(false)
    endpoint.destroy()
  })

  it('is not sent to a parent that is not allowed: the refusal is, to its exact origin', () => {
    const pair = createWindowPair({ hostOrigin: 'https://evil.example' })
    const onRefused = vi.fn()
    const endpoint = createFrameEndpoint({
      handlers: sampleHandlers(),
      window: pair.frame,
      allowedParentOrigins: (origin) => origin.endsWith('.trusted.example'),
      onRefused,
    })
    expect(pair.parent.posts).toEqual([
      {
        message: { protocol: FRAME_PROTOCOL, type: 'ORIGIN_NOT_ALLOWED' },
        targetOrigin: 'https://evil.example',
        transfer: [],
      },
    ])
    expect(onRefused).toHaveBeenCalledWith('https://evil.example')
    expect(endpoint.parentOrigin).toBeUndefined()
    expect(pair.frame.listeners.size).toBe(0)
  })

  it('is not sent at all when the signs of the parent disagree', () => {
    const pair = createWindowPair({ ancestorOrigins: ['https://host.example'] })
    pair.mount(`${pair.frameOrigin}/?parentOrigin=${encodeURIComponent('https://other.example')}`)
    const onRefused = vi.fn()
    createFrameEndpoint({
      handlers: sampleHandlers(),
      window: pair.frame,
      allowedParentOrigins: ['https://host.example', 'https://other.example'],
      onRefused,
    })
    expect(pair.parent.posts).toEqual([])
    expect(onRefused).toHaveBeenCalledWith(undefined)
  })

  it('goes to an explicit parentOrigin, which needs no allow-list', () => {
    const pair = createWindowPair({ ancestorOrigins: [], referrer: '' })
    const endpoint = createFrameEndpoint({
      handlers: sampleHandlers(),
      window: pair.frame,
      parentOrigin: pair.hostOrigin,
    })
    expect(pair.parent.posts[0]?.targetOrigin).toBe(pair.hostOrigin)
    endpoint.destroy()
  })

  it('refuses an explicit parentOrigin that is not an origin', () => {
    const pair = createWindowPair()
    const endpoint = createFrameEndpoint({
      handlers: sampleHandlers(),
      window: pair.frame,
      parentOrigin: `${pair.hostOrigin}/path`,
    })
    expect(endpoint.parentOrigin).toBeUndefined()
    expect(pair.parent.posts).toEqual([])
  })

  it('needs a window', () => {
    expect(() =>
      createFrameEndpoint({ handlers: sampleHandlers(), allowedParentOrigins: [] }),
    ).toThrow('createFrameEndpoint needs a window')
  })
})

describe('the port handover', () => {
  it('takes the first port from the parent with the right nonce, and no other', async () => {
    const pair = createWindowPair()
    const endpoint = start(pair)
    const nonce = readyNonce(pair)
    const [one, two, three, four] = [1, 2, 3, 4].map(() => new MessageChannel())
    pair.forgeToFrame({
      data: connectPort(nonce),
      origin: 'https://evil.example',
      source: pair.parent,
      ports: [one!.port2],
    })
    pair.forgeToFrame({
      data: connectPort(nonce),
      origin: pair.hostOrigin,
      source: {},
      ports: [one!.port2],
    })
    pair.forgeToFrame({
      data: connectPort(crypto.randomUUID()),
      origin: pair.hostOrigin,
      source: pair.parent,
      ports: [one!.port2],
    })
    pair.forgeToFrame({
      data: connectPort(nonce),
      origin: pair.hostOrigin,
      source: pair.parent,
      ports: [],
    })
    pair.forgeToFrame({
      data: { type: 'CONNECT_PORT', nonce },
      origin: pair.hostOrigin,
      source: pair.parent,
      ports: [one!.port2],
    })
    await flush()
    expect(endpoint.connected).toBe(false)
    pair.iframe.postMessage(connectPort(nonce), pair.frameOrigin, [two!.port2])
    pair.iframe.postMessage(connectPort(nonce), pair.frameOrigin, [three!.port2])
    await flush()
    expect(endpoint.connected).toBe(true)
    expect(endpoint.dropped).toEqual({
      origin: 1,
      source: 1,
      invalid: 2,
      'unknown-id': 0,
      unexpected: 2,
    })
    // Only the adopted port is answered.
    const replies: unknown[] = []
    for (const channel of [two!, three!]) {
      channel.port1.addEventListener('message', (event) => replies.push(event.data))
      channel.port1.start()
      channel.port1.postMessage({ kind: 'request', id: crypto.randomUUID(), type: 'GET_CHAIN_ID' })
    }
    await flush()
    expect(replies).toEqual([
      {
        kind: 'reply',
        id: expect.any(String),
        type: 'GET_CHAIN_ID_SUCCESS',
        payload: samples.GET_CHAIN_ID.success,
      },
    ])
    endpoint.destroy()
    for (const channel of [one!, two!, three!, four!]) channel.port1.close()
  })
})

describe('requests on the port', () => {
  it('drop and count what is malformed, and answer a bad payload with an empty _ERROR', async () => {
    const pair = createWindowPair()
    const calls: HandledCall[] = []
    const host = createRawHost(pair)
    const endpoint = start(pair, calls)
    await host.connected
    const id = crypto.randomUUID()
    host.send({ kind: 'request', id: 'nope', type: 'GET_CHAIN_ID' })
    host.send({ kind: 'request', id, type: 'GET_PRIVATE_KEY' })
    host.send({ kind: 'request', id, type: 'toString' })
    host.send({ kind: 'cancel', id })
    host.send('SIGN_OUT')
    host.send({ kind: 'request', id, type: 'CONNECT_OTP', payload: { otp: '12' } })
    await flush()
    expect(calls).toEqual([])
    expect(endpoint.dropped).toEqual({
      origin: 0,
      source: 0,
      invalid: 5,
      'unknown-id': 1,
      unexpected: 0,
    })
    expect(host.received).toEqual([
      { kind: 'reply', id, type: 'CONNECT_OTP_ERROR', payload: { message: '' } },
    ])
    endpoint.destroy()
  })

  it('refuse a second request with an id still in flight', async () => {
    const pair = createWindowPair()
    const host = createRawHost(pair)
    const endpoint = createFrameEndpoint({
      handlers: { ...sampleHandlers(), CONNECT_DEVICE: () => new Promise<never>(() => undefined) },
      window: pair.frame,
      allowedParentOrigins: [pair.hostOrigin],
    })
    await host.connected
    const id = crypto.randomUUID()
    host.send({ kind: 'request', id, type: 'CONNECT_DEVICE' })
    host.send({ kind: 'request', id, type: 'CONNECT_DEVICE' })
    await flush()
    expect(endpoint.dropped.unexpected).toBe(1)
    endpoint.destroy()
  })

  it('stop when destroyed: running handlers are aborted and nothing is answered', async () => {
    const pair = createWindowPair()
    const host = createRawHost(pair)
    const signals: AbortSignal[] = []
    const answers: Array<() => void> = []
    const endpoint = createFrameEndpoint({
      handlers: {
        ...sampleHandlers(),
        SIGN_OUT: (_payload, context) => {
          signals.push(context.signal)
          return new Promise<undefined>((resolve) => answers.push(() => resolve(undefined)))
        },
      },
      window: pair.frame,
      allowedParentOrigins: [pair.hostOrigin],
    })
    await host.connected
    host.send({ kind: 'request', id: crypto.randomUUID(), type: 'SIGN_OUT' })
    await flush()
    endpoint.destroy()
    expect(signals[0]?.aborted).toBe(true)
    expect(endpoint.connected).toBe(false)
    answers[0]?.()
    await flush()
    expect(host.received).toEqual([])
    expect(pair.frame.listeners.size).toBe(0)
  })
})

describe('notices', () => {
  it('need the port, and a payload that passes their schema', async () => {
    const harness = createHarness()
    harness.client.load()
    const endpoint = harness.startFrame()
    expect(endpoint.notify('FRAME_SESSION_EXPIRED')).toBe(false)
    await harness.client.whenReady()
    await flush()
    const id = crypto.randomUUID()
    expect(endpoint.notify('FRAME_APPROVAL_REQUESTED', { id, method: 'eth_sendTransaction' })).toBe(
      true,
    )
    expect(endpoint.notify('FRAME_APPROVAL_SETTLED', { id, approved: true })).toBe(true)
    const wrong = { id: 'x', approved: true }
    expect(Reflect.apply(endpoint.notify, endpoint, ['FRAME_APPROVAL_SETTLED', wrong])).toBe(false)
    await flush()
    expect(harness.onNotice.mock.calls.map(([notice]) => notice)).toEqual([
      {
        kind: 'notice',
        type: 'FRAME_APPROVAL_REQUESTED',
        payload: { id, method: 'eth_sendTransaction' },
      },
      { kind: 'notice', type: 'FRAME_APPROVAL_SETTLED', payload: { id, approved: true } },
    ])
  })

  it('let a handler ask for approval while its request waits', async () => {
    const harness = createHarness()
    await harness.ready({
      ...sampleHandlers(),
      RPC_REQUEST: async (payload, context) => {
        context.notify('FRAME_APPROVAL_REQUESTED', { id: context.id, method: payload.method })
        context.notify('FRAME_APPROVAL_SETTLED', { id: context.id, approved: true })
        return samples.RPC_REQUEST.success
      },
    })
    await harness.client.request('RPC_REQUEST', samples.RPC_REQUEST.request)
    const notices = harness.onNotice.mock.calls.map(([notice]) => notice)
    expect(notices.map((notice) => notice.type)).toEqual([
      'FRAME_APPROVAL_REQUESTED',
      'FRAME_APPROVAL_SETTLED',
    ])
    expect(notices[0].payload.method).toBe('personal_sign')
  })
})
