import { FrameError, type FrameUser } from '@latch/frame'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isLatchError } from '../errors/latch-error.js'
import { selectFarcasterLogin } from '../flows/farcaster/farcaster-login.selectors.js'
import { selectRoute } from '../machines/modal.selectors.js'
import type { LatchOptions } from '../options/schema.js'
import { route } from '../router/routes.js'
import { createLatchStorage } from '../storage/latch-storage.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { deferred, type Deferred } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { outcomeOf, settleTimers as settle, untilStep } from '../test/host-outcome.js'
import { devnetA } from '../testing/networks.js'
import { builtSocials } from '../test/option-fixtures.js'
import { scriptedFrame } from '../testing/scripted-frame.js'
import { createLatch } from './create-latch.js'
import { selectFlow } from './root-selectors.js'

/*
 * Issue 12 through createLatch with no view: `connectFarcaster` shows ConnectingFarcaster, whose
 * flow asks a scripted secure frame for a sign-in link and waits for the Farcaster app's
 * approval; the AUTH connector then connects through the frame's provider, as a host without
 * React gets it.
 */

const AUTH_ADDRESS = `0x${'fc'.repeat(20)}`
const linkOf = (n: number) => `https://farcaster.test/~/siwf?channelToken=${n}`

const methodOf = (payload: unknown) =>
  typeof payload === 'object' && payload !== null && 'method' in payload
    ? payload.method
    : undefined

/** An instance with a Latch server and a scripted frame; each CONNECT_FARCASTER waits for the test. */
function farcasterSetup(options: Partial<LatchOptions> = {}) {
  const port = createMemoryStorage()
  const waits: Array<{ answer: Deferred<FrameUser>; signal: AbortSignal | undefined }> = []
  let links = 0
  const frame = scriptedFrame({
    GET_FARCASTER_URI: () => ({ url: linkOf(++links) }),
    CONNECT_FARCASTER: (_, signal) => {
      const answer = deferred<FrameUser>()
      waits.push({ answer, signal })
      return answer.promise
    },
    // The AUTH connector's provider, as the EVM adapter reads it through the frame.
    RPC_REQUEST: (payload) => (methodOf(payload) === 'accounts' ? [AUTH_ADDRESS] : '31337'),
    SIGN_OUT: () => undefined,
  })
  const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a')])
  const latch = createLatch(
    {
      projectId: 'p',
      serverUrl: 'http://127.0.0.1:4000',
      networks: [devnetA],
      adapters: [fake.adapter],
      ...options,
    },
    {
      storage: port,
      authFrame: frame.authFrame,
      fetch: async () => new Response('unavailable', { status: 503 }),
      fetchProjectConfig: () => Promise.reject(new Error('offline')),
      clearBrowserData: async () => {},
    },
  )
  const storage = createLatchStorage({ port })
  const view = () =>
    latch.modal.getSnapshot().matches({ visibility: 'open' })
      ? selectRoute(latch.modal.getSnapshot()).view
      : undefined
  const signIn = () => selectFarcasterLogin(latch.farcasterLogin?.getSnapshot())
  const user: FrameUser = { address: AUTH_ADDRESS, chainId: 'eip155:31337', userName: 'alice' }
  return { latch, fake, frame, waits, storage, view, signIn, user }
}

/** A running instance whose visitor chose Farcaster: the QR code shows. */
async function awaitingApproval() {
  const kit = farcasterSetup()
  const outcome = outcomeOf(kit.latch.connectFarcaster())
  await untilStep(kit.signIn, 'awaitingApproval')
  vi.useFakeTimers()
  await settle()
  return { ...kit, outcome }
}

describe('Sign in with Farcaster through createLatch (issue 12)', () => {
  afterEach(() => vi.useRealTimers())

  it('signs in: ConnectingFarcaster, the link, the approval, the AUTH connection; logout clears it', async () => {
    const { latch, fake, frame, waits, storage, view, signIn, user, outcome } =
      await awaitingApproval()
    expect(view()).toBe('ConnectingFarcaster')
    expect(selectFlow(latch.actor.getSnapshot())).toBe('connectingFarcaster')
    expect(signIn()).toEqual({ step: 'awaitingApproval', url: linkOf(1), failure: undefined })
    expect(frame.requests).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER'])

    waits[0]!.answer.resolve(user)
    await settle()
    expect(outcome.value).toMatchObject({ acct: AUTH_ADDRESS })
    expect(fake.calls).toContain('lend:auth:on')
    expect(latch.getAccount()).toMatchObject({ isConnected: true, address: AUTH_ADDRESS })
    expect(view()).toBeUndefined()
    expect(storage.get('socialProvider')).toBe('farcaster')
    expect(storage.get('socialUsername')).toBe('alice')
    expect(storage.get('emailLoginUsed')).toBe(true)
    // Connected already: the helper resolves at once.
    await expect(latch.connectFarcaster()).resolves.toMatchObject({ acct: AUTH_ADDRESS })

    // SPEC §4: the logout signs out in the frame and clears the login cache, provider included.
    await latch.disconnect()
    expect(frame.requests).toContain('SIGN_OUT')
    expect(storage.get('socialProvider')).toBeUndefined()
    expect(storage.get('socialUsername')).toBeUndefined()
    latch.destroy()
  })

  it('an expired channel: "Session Expired" stays on the view, and Try again shows a new QR code', async () => {
    const { latch, frame, waits, view, signIn, outcome } = await awaitingApproval()
    waits[0]!.answer.reject(new FrameError('remote', { remoteMessage: 'Session Expired' }))
    await settle()
    expect(isLatchError(outcome.error, 'SESSION_EXPIRED')).toBe(true)
    expect(view()).toBe('ConnectingFarcaster')
    expect(signIn()?.failure).toMatchObject({ kind: 'expired', message: 'Session Expired' })

    latch.actor.send({ type: 'RETRY' })
    await settle()
    expect(signIn()).toEqual({ step: 'awaitingApproval', url: linkOf(2), failure: undefined })
    expect(frame.requests.filter((request) => request === 'GET_FARCASTER_URI')).toHaveLength(2)
    latch.destroy()
  })

  it('asks CONNECT_FARCASTER again after a request timeout, while the channel lives', async () => {
    const { latch, frame, waits, signIn } = await awaitingApproval()
    waits[0]!.answer.reject(
      new FrameError('iframe_request_timeout', { event: 'CONNECT_FARCASTER' }),
    )
    await settle()
    expect(signIn()?.step).toBe('awaitingApproval')
    expect(frame.requests.filter((request) => request === 'CONNECT_FARCASTER')).toHaveLength(2)
    latch.destroy()
  })

  it('leaving the view stops the sign-in: the wait is aborted, a late approval connects nothing', async () => {
    const { latch, waits, signIn, user, outcome } = await awaitingApproval()
    latch.close()
    await settle()
    expect(isLatchError(outcome.error, 'USER_REJECTED')).toBe(true)
    expect(waits[0]!.signal?.aborted).toBe(true)
    expect(signIn()?.step).toBe('idle')
    waits[0]!.answer.resolve(user)
    await settle()
    expect(latch.getAccount().isConnected).toBe(false)
    latch.destroy()
  })

  it('a host opening ConnectingFarcaster gets the flow', async () => {
    const { latch, frame, signIn } = farcasterSetup()
    await latch.ready()
    latch.open({ route: route('ConnectingFarcaster') })
    await untilStep(signIn, 'awaitingApproval')
    expect(frame.requests).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER'])
    latch.destroy()
  })

  it('is offered by default, 4th of SPEC §9; not when features.socials leaves it out, nor without a server', async () => {
    const offered = farcasterSetup()
    expect(offered.latch.getFeatures().socials).toEqual([...builtSocials])
    offered.latch.destroy()
    for (const options of [
      { features: { socials: ['google' as const] } },
      { serverUrl: undefined },
    ]) {
      const { latch, frame } = farcasterSetup(options)
      const refused = outcomeOf(latch.connectFarcaster())
      await vi.waitFor(() => expect(refused.settled).toBe(true))
      expect(isLatchError(refused.error, 'FEATURE_NOT_AVAILABLE')).toBe(true)
      expect((refused.error as Error).message).toBe(
        'Not available in this version of Latch: features.socials.farcaster',
      )
      expect(frame.requests).toEqual([])
      latch.destroy()
    }
  })
})
