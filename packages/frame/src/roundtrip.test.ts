import { describe, expect, expectTypeOf, it } from 'vitest'
import { FrameError } from './errors.js'
import type { FrameUser } from './events/user.js'
import type { FrameHandler } from './frame/endpoint.js'
import { createHarness, requestAny } from './test/harness.js'
import { eventTypes, sampleHandlers, samples, type HandledCall } from './test/samples.js'
import { flush } from './test/windows.js'

// The two real ends against each other, over the in-memory windows and a real MessageChannel.

describe.each(eventTypes)('%s round trip', (type) => {
  it('reaches its handler with the payload and resolves with the success payload', async () => {
    const calls: HandledCall[] = []
    const harness = createHarness()
    await harness.ready(sampleHandlers(calls))
    await expect(requestAny(harness.client, type, samples[type].request)).resolves.toEqual(
      samples[type].success,
    )
    expect(calls).toEqual([{ type, payload: samples[type].request }])
  })

  it('rejects each invalid payload before sending anything', async () => {
    const calls: HandledCall[] = []
    const harness = createHarness()
    const endpoint = await harness.ready(sampleHandlers(calls))
    for (const payload of samples[type].invalidRequests) {
      const error = await requestAny(harness.client, type, payload).catch(
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(FrameError)
      expect(error).toMatchObject({ kind: 'invalid_request', event: type })
    }
    await flush()
    expect(calls).toEqual([])
    expect(endpoint.dropped.invalid).toBe(0)
  })

  it("turns a handler's throw into _ERROR with its message", async () => {
    const harness = createHarness()
    const failing: FrameHandler<typeof type> = () => {
      throw new Error(`${type} failed in the frame`)
    }
    await harness.ready({ ...sampleHandlers(), [type]: failing })
    const error = await requestAny(harness.client, type, samples[type].request).catch(
      (caught: unknown) => caught,
    )
    expect(error).toMatchObject({
      kind: 'remote',
      event: type,
      remoteMessage: `${type} failed in the frame`,
    })
  })

  it('never sends a result that fails its schema: _ERROR with an empty message instead', async () => {
    const harness = createHarness()
    const invalid: unknown[] = []
    // A frame bug: a handler in plain JavaScript returning the wrong shape.
    const handlers = { ...sampleHandlers() }
    Reflect.set(handlers, type, () => samples[type].invalidSuccess)
    harness.client.load()
    harness.startFrame(handlers, {
      onInvalidResult: (event, issues) => invalid.push({ event, issues: issues.length > 0 }),
    })
    await harness.client.whenReady()
    const error = await requestAny(harness.client, type, samples[type].request).catch(
      (caught: unknown) => caught,
    )
    expect(error).toMatchObject({ kind: 'remote', event: type, remoteMessage: '' })
    expect(invalid).toEqual([{ event: type, issues: true }])
  })
})

describe('typed requests', () => {
  it('types each payload and success by the event name', async () => {
    const harness = createHarness()
    await harness.ready()
    const email = await harness.client.request('CONNECT_EMAIL', { email: 'visitor@example.com' })
    expectTypeOf(email).toEqualTypeOf<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' }>()
    expect(email).toEqual({ action: 'VERIFY_OTP' })

    const user = await harness.client.request('GET_USER', { chainId: 31337 })
    expectTypeOf(user).toEqualTypeOf<FrameUser>()
    expect(user.address).toBe(samples.GET_USER.success.address)

    // An event without a payload takes none.
    await expect(harness.client.request('SIGN_OUT')).resolves.toBeUndefined()
    const networks = await harness.client.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS')
    expectTypeOf(networks.smartAccountEnabledNetworks).toEqualTypeOf<number[]>()

    // @ts-expect-error an OTP event needs its code
    await harness.client.request('CONNECT_OTP').catch(() => undefined)
    // @ts-expect-error a wrong field name is a type error
    await harness.client.request('CONNECT_EMAIL', { mail: 'x@y.example' }).catch(() => undefined)
  })
})
