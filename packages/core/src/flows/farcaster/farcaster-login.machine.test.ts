import { FrameError } from '@latch/frame'
import { createActor, fromPromise } from 'xstate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import { createLatchStorage } from '../../storage/latch-storage.js'
import { createMemoryStorage } from '../../storage/memory-storage.js'
import { deferred, flush, type Deferred } from '../../test/deferred.js'
import { farcasterLoginError } from './farcaster-failure.js'
import { FARCASTER_RESULT_WAIT_MS, farcasterLoginMachine } from './farcaster-login.machine.js'
import { selectFarcasterLogin } from './farcaster-login.selectors.js'
import type { FarcasterLoginEmitted, FarcasterLoginUser } from './farcaster-login.types.js'

const linkOf = (n: number) => `https://farcaster.test/~/siwf?channelToken=${'c'.repeat(42)}${n}`

/**
 * A sign-in machine on a memory store with a scripted frame: each GET_FARCASTER_URI answers a
 * new link at once (or fails), and each CONNECT_FARCASTER waits for the test, its signal kept.
 */
function start(script: { uriError?: unknown } = {}) {
  const storage = createLatchStorage({ port: createMemoryStorage() })
  const calls: string[] = []
  const waits: Array<{ answer: Deferred<FarcasterLoginUser>; signal: AbortSignal }> = []
  const emitted: FarcasterLoginEmitted[] = []
  let links = 0
  const machine = farcasterLoginMachine.provide({
    actors: {
      requestUri: fromPromise(async () => {
        calls.push('GET_FARCASTER_URI')
        if (script.uriError) throw script.uriError
        return linkOf(++links)
      }),
      connectFarcaster: fromPromise(({ signal }) => {
        calls.push('CONNECT_FARCASTER')
        const answer = deferred<FarcasterLoginUser>()
        waits.push({ answer, signal })
        return answer.promise
      }),
    },
  })
  const actor = createActor(machine, { input: { storage } })
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  const view = () => selectFarcasterLogin(actor.getSnapshot())
  return { actor, storage, calls, waits, emitted, view }
}

describe('Farcaster sign-in machine (issue 12)', () => {
  afterEach(() => vi.useRealTimers())

  it('signs in: the link for the QR code, the approval, the login stored, the AUTH connection', async () => {
    const { actor, storage, calls, waits, emitted, view } = start()
    expect(view()).toEqual({ step: 'idle', url: undefined, failure: undefined })
    actor.send({ type: 'START' })
    expect(view().step).toBe('requestingUri')
    await flush()
    expect(view()).toEqual({ step: 'awaitingApproval', url: linkOf(1), failure: undefined })
    expect(calls).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER'])

    waits[0]!.answer.resolve({ userName: 'alice' })
    await flush()
    expect(view()).toEqual({ step: 'connecting', url: undefined, failure: undefined })
    expect(storage.get('emailLoginUsed')).toBe(true)
    expect(storage.get('socialProvider')).toBe('farcaster')
    expect(storage.get('socialUsername')).toBe('alice')
    expect(emitted).toContainEqual({ type: 'loggedIn', username: 'alice' })

    // Another wallet's connection is not the sign-in's.
    actor.send({ type: 'CONNECTED', connectorId: 'io.metamask' })
    expect(view().step).toBe('connecting')
    actor.send({ type: 'CONNECTED', connectorId: AUTH_CONNECTOR_ID })
    expect(view().step).toBe('connected')
    expect(emitted.at(-1)).toEqual({ type: 'connected' })
  })

  it('an expired channel: SPEC §8 "Session Expired", and Try again asks for a new channel', async () => {
    const { actor, calls, waits, emitted, view } = start()
    actor.send({ type: 'START' })
    await flush()
    waits[0]!.answer.reject(new FrameError('remote', { remoteMessage: 'Session Expired' }))
    await flush()
    expect(view()).toMatchObject({
      step: 'failed',
      url: undefined,
      failure: { kind: 'expired', code: 'SESSION_EXPIRED', message: 'Session Expired' },
    })
    expect(emitted.at(-1)).toMatchObject({ type: 'failed', failure: { kind: 'expired' } })
    expect(farcasterLoginError(view().failure!).code).toBe('SESSION_EXPIRED')

    actor.send({ type: 'RETRY' })
    await flush()
    expect(view()).toEqual({ step: 'awaitingApproval', url: linkOf(2), failure: undefined })
    expect(calls).toEqual([
      'GET_FARCASTER_URI',
      'CONNECT_FARCASTER',
      'GET_FARCASTER_URI',
      'CONNECT_FARCASTER',
    ])
  })

  it('Try again while the QR code shows gives a new channel; the old wait is aborted', async () => {
    const { actor, waits, view } = start()
    actor.send({ type: 'START' })
    await flush()
    actor.send({ type: 'RETRY' })
    await flush()
    expect(waits[0]!.signal.aborted).toBe(true)
    expect(view().url).toBe(linkOf(2))
  })

  it('a frame that cannot start a sign-in: its text, with Try again', async () => {
    const { actor, view } = start({
      uriError: new FrameError('remote', { remoteMessage: 'Farcaster is not configured' }),
    })
    actor.send({ type: 'START' })
    await flush()
    expect(view().failure).toEqual({ kind: 'failed', message: 'Farcaster is not configured' })
    expect(farcasterLoginError(view().failure!)).toMatchObject({
      code: 'SOCIAL_LOGIN_FAILED',
      message: 'Social login failed: Farcaster is not configured',
    })
  })

  it("takes the frame's timeout as its text, and ends by itself once the channel's life is over", async () => {
    vi.useFakeTimers()
    const { actor, waits, view } = start()
    actor.send({ type: 'START' })
    await vi.advanceTimersByTimeAsync(0)
    waits[0]!.answer.reject(new FrameError('iframe_load_failed'))
    await vi.advanceTimersByTimeAsync(0)
    expect(view().failure).toMatchObject({
      kind: 'failed',
      code: 'EMBEDDED_WALLET_LOAD_FAILED',
    })

    actor.send({ type: 'RETRY' })
    await vi.advanceTimersByTimeAsync(FARCASTER_RESULT_WAIT_MS - 1)
    expect(view().step).toBe('awaitingApproval')
    await vi.advanceTimersByTimeAsync(1)
    expect(view().failure).toMatchObject({ kind: 'expired', code: 'SESSION_EXPIRED' })
    expect(waits[1]!.signal.aborted).toBe(true)
  })

  it('the AUTH connect failing after the session: its text, with Try again', async () => {
    const { actor, waits, view } = start()
    actor.send({ type: 'START' })
    await flush()
    waits[0]!.answer.resolve({})
    await flush()
    actor.send({ type: 'CONNECT_FAILED', error: new Error('no provider') })
    expect(view().failure).toMatchObject({ kind: 'failed', code: 'UNKNOWN_ERROR' })
  })

  it('stops on CANCEL: the wait is aborted and a late answer changes nothing', async () => {
    const { actor, storage, waits, view } = start()
    actor.send({ type: 'START' })
    await flush()
    actor.send({ type: 'CANCEL' })
    expect(view()).toEqual({ step: 'idle', url: undefined, failure: undefined })
    expect(waits[0]!.signal.aborted).toBe(true)
    waits[0]!.answer.resolve({ userName: 'late' })
    await flush()
    expect(view().step).toBe('idle')
    expect(storage.get('socialProvider')).toBeUndefined()
  })
})
