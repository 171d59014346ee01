import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  FRAME_REQUEST_TIMEOUT_MS,
  LOAD_TIMEOUT_EXEMPT_EVENTS,
  REQUEST_TIMEOUT_EVENTS,
} from '../constants.js'
import { FrameError } from '../errors.js'
import type { FrameHandlerContext } from '../frame/endpoint.js'
import { createHarness, requestAny } from '../test/harness.js'
import { sampleHandlers, samples, type HandledCall } from '../test/samples.js'
import { flush } from '../test/windows.js'

// SPEC §4 and §9's timings, on a fake clock. Only setTimeout is faked: deliveries (window posts,
// MessagePorts) keep running on the real event loop, and `flush()` lets them through.
const SPEC_TIMEOUTS = {
  readyDelayMs: FRAME_READY_DELAY_MS,
  loadMs: FRAME_LOAD_TIMEOUT_MS,
  requestMs: FRAME_REQUEST_TIMEOUT_MS,
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms)
  await flush()
}

/** A promise's state once everything queued has run. */
async function state(promise: Promise<unknown>) {
  let result = 'pending'
  promise.then(
    () => (result = 'resolved'),
    () => (result = 'rejected'),
  )
  await flush()
  return result
}

describe('the ready delay', () => {
  it(`holds requests for ${FRAME_READY_DELAY_MS} ms after READY, then sends them`, async () => {
    const calls: HandledCall[] = []
    const harness = createHarness({ timeouts: SPEC_TIMEOUTS })
    harness.client.load()
    const early = harness.client.request('GET_CHAIN_ID')
    harness.startFrame(sampleHandlers(calls))
    await flush()
    expect(harness.client.state).toBe('settling')
    const during = harness.client.request('IS_CONNECTED', {})
    await advance(FRAME_READY_DELAY_MS - 1)
    expect(calls).toEqual([])
    await advance(1)
    expect(harness.client.state).toBe('ready')
    await expect(early).resolves.toEqual(samples.GET_CHAIN_ID.success)
    await expect(during).resolves.toEqual(samples.IS_CONNECTED.success)
    expect(calls.map((call) => call.type)).toEqual(['GET_CHAIN_ID', 'IS_CONNECTED'])
  })
})

describe('the load timeout', () => {
  it(`fails what waits after ${FRAME_LOAD_TIMEOUT_MS} ms without READY, except the exempt events`, async () => {
    const harness = createHarness({ timeouts: SPEC_TIMEOUTS })
    harness.client.load()
    const user = harness.client.request('GET_USER', {})
    const waiting = harness.client.whenReady().catch((error: unknown) => error)
    const exempt = LOAD_TIMEOUT_EXEMPT_EVENTS.map((type) =>
      requestAny(harness.client, type, samples[type].request),
    )
    await advance(FRAME_LOAD_TIMEOUT_MS - 1)
    expect(await state(user)).toBe('pending')
    await advance(1)
    await expect(user).rejects.toMatchObject({ kind: 'iframe_load_failed', event: 'GET_USER' })
    await expect(waiting).resolves.toMatchObject({ kind: 'iframe_load_failed' })
    expect(harness.onTimeout.mock.calls).toEqual([['iframe_load_failed']])
    expect(harness.client.state).toBe('load_failed')
    for (const request of exempt) expect(await state(request)).toBe('pending')

    // Later requests fail at once (the callback is not repeated); exempt ones still wait.
    await expect(harness.client.request('GET_CHAIN_ID')).rejects.toMatchObject({
      kind: 'iframe_load_failed',
    })
    const theme = harness.client.request('SYNC_THEME', { themeMode: 'light' })
    expect(harness.onTimeout).toHaveBeenCalledTimes(1)

    // A frame that arrives late is still taken, and what waited goes out.
    const calls: HandledCall[] = []
    harness.startFrame(sampleHandlers(calls))
    await advance(FRAME_READY_DELAY_MS)
    await Promise.all([...exempt, theme])
    expect(calls.map((call) => call.type)).toEqual([...LOAD_TIMEOUT_EXEMPT_EVENTS, 'SYNC_THEME'])
    await expect(harness.client.request('GET_CHAIN_ID')).resolves.toEqual(
      samples.GET_CHAIN_ID.success,
    )
  })

  it('does not run once READY has come', async () => {
    const harness = createHarness({ timeouts: SPEC_TIMEOUTS })
    harness.client.load()
    harness.startFrame()
    await advance(FRAME_READY_DELAY_MS)
    await advance(FRAME_LOAD_TIMEOUT_MS * 2)
    expect(harness.onTimeout).not.toHaveBeenCalled()
    expect(harness.client.state).toBe('ready')
  })
})

describe('the request timeout', () => {
  /** A frame whose handlers for `type` never answer, recording the signal each one got. */
  async function silentFrame() {
    const harness = createHarness({ timeouts: SPEC_TIMEOUTS })
    const signals: AbortSignal[] = []
    const never = (_payload: unknown, context: FrameHandlerContext) => {
      signals.push(context.signal)
      return new Promise<never>(() => undefined)
    }
    harness.client.load()
    harness.startFrame({
      ...sampleHandlers(),
      CONNECT_EMAIL: never,
      CONNECT_DEVICE: never,
      CONNECT_OTP: never,
      CONNECT_SOCIAL: never,
      GET_SOCIAL_REDIRECT_URI: never,
      GET_USER: never,
    })
    await advance(FRAME_READY_DELAY_MS)
    return { harness, signals }
  }

  it.each(REQUEST_TIMEOUT_EVENTS)(
    `%s fails after ${FRAME_REQUEST_TIMEOUT_MS} ms, its abort controller fires and the frame is told`,
    async (type) => {
      const { harness, signals } = await silentFrame()
      const abort = vi.spyOn(AbortController.prototype, 'abort')
      const pending = requestAny(harness.client, type, samples[type].request)
      await advance(FRAME_REQUEST_TIMEOUT_MS - 1)
      expect(await state(pending)).toBe('pending')
      expect(abort).not.toHaveBeenCalled()
      await advance(1)
      const error = await pending.catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(FrameError)
      expect(error).toMatchObject({ kind: 'iframe_request_timeout', event: type })
      expect(harness.onTimeout.mock.calls).toEqual([['iframe_request_timeout', type]])
      // Our controller, then the frame's handler signal when the cancel arrives.
      expect(abort.mock.calls[0]?.[0]).toBe(error)
      expect(signals).toHaveLength(1)
      expect(signals[0]?.aborted).toBe(true)
      abort.mockRestore()
    },
  )

  it('is not applied to the other events', async () => {
    const { harness, signals } = await silentFrame()
    const user = harness.client.request('GET_USER', {})
    await advance(FRAME_REQUEST_TIMEOUT_MS * 3)
    expect(await state(user)).toBe('pending')
    expect(signals[0]?.aborted).toBe(false)
    expect(harness.onTimeout).not.toHaveBeenCalled()
  })

  it('runs from sending, not from asking: the load wait is the load timeout', async () => {
    const harness = createHarness({ timeouts: SPEC_TIMEOUTS })
    harness.client.load()
    const email = harness.client.request('CONNECT_EMAIL', samples.CONNECT_EMAIL.request)
    await advance(FRAME_LOAD_TIMEOUT_MS - 1_000)
    harness.startFrame()
    await advance(FRAME_READY_DELAY_MS)
    await expect(email).resolves.toEqual(samples.CONNECT_EMAIL.success)
    expect(harness.onTimeout).not.toHaveBeenCalled()
  })
})
