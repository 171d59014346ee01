import { adjacencyMapToArray, getAdjacencyMap } from '@xstate/graph'
import { FrameError } from '@latch/frame'
import { describe, expect, it } from 'vitest'
import type { ActorLogic } from 'xstate'
import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import { createLatchStorage } from '../../storage/latch-storage.js'
import { createMemoryStorage } from '../../storage/memory-storage.js'
import { socialLoginMachine } from './social-login.machine.js'
import { selectSocialLogin } from './social-login.selectors.js'
import type { SocialLoginEvent } from './social-login.types.js'
import type { SocialPopup } from './social-popup.js'

type Snapshot = ReturnType<typeof socialLoginMachine.getInitialSnapshot>

/** A popup whose state the traversal never changes (the graph explores transitions only). */
const popup: SocialPopup = {
  closed: false,
  close: () => undefined,
  location: { replace: () => undefined },
  postMessage: () => undefined,
}
const otherPopup: SocialPopup = { ...popup }

// Actor outcomes and timers are events too: the traversal feeds them like any other.
const internal = (type: string, extra: object = {}) =>
  ({ type, ...extra }) as unknown as SocialLoginEvent
const events: SocialLoginEvent[] = [
  { type: 'START', provider: 'github', popup },
  { type: 'START', provider: 'google', popup: null },
  { type: 'START', provider: 'x', popup: otherPopup },
  { type: 'RETRY', popup },
  { type: 'RETRY', popup: null },
  { type: 'CANCEL' },
  { type: 'POPUP_CLOSED' },
  { type: 'CONNECTED', connectorId: 'io.metamask' },
  { type: 'CONNECTED', connectorId: AUTH_CONNECTOR_ID },
  { type: 'CONNECT_FAILED', error: new Error('no provider') },
  internal('xstate.done.actor.requestUri', { output: 'https://github.test/authorize' }),
  internal('xstate.error.actor.requestUri', {
    error: new FrameError('remote', { remoteMessage: 'Not configured' }),
  }),
  internal('xstate.done.actor.connectSocial', { output: { userName: 'ada' } }),
  internal('xstate.error.actor.connectSocial', {
    error: new FrameError('remote', { remoteMessage: 'Session Expired' }),
  }),
  internal('xstate.error.actor.connectSocial', { error: new FrameError('iframe_load_failed') }),
  internal('xstate.after.SOCIAL_RESULT_WAIT.socialLogin.awaitingProvider'),
  internal('xstate.after.POPUP_CLOSED_GRACE.socialLogin.awaitingProvider.popupClosed'),
]

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    provider: s.context.provider,
    window:
      s.context.socialWindow === undefined ? 'none' : s.context.socialWindow === popup ? 'a' : 'b',
    uri: s.context.uri,
    failure: s.context.failure?.kind,
  })
// getAdjacencyMap's signature predates typed emitted events; the logic is the same machine.
const logic = socialLoginMachine as unknown as ActorLogic<Snapshot, SocialLoginEvent, unknown>
const input = { storage: createLatchStorage({ port: createMemoryStorage() }) }
const edges = adjacencyMapToArray(getAdjacencyMap(logic, { events, serializeState, input }))
const states = [
  ...new Map(
    edges.flatMap((e) => [e.state, e.nextState]).map((s) => [serializeState(s), s]),
  ).values(),
]
const stepOf = (s: Snapshot) => selectSocialLogin(s).step

describe('social login machine: invariants on every reachable state (@xstate/graph)', () => {
  it('reaches every step, and each failure kind', () => {
    expect(new Set(states.map(stepOf))).toEqual(
      new Set(['idle', 'requestingUri', 'awaitingProvider', 'connecting', 'connected', 'failed']),
    )
    expect(new Set(states.map((s) => s.context.failure?.kind).filter(Boolean))).toEqual(
      new Set(['popupBlocked', 'popupClosed', 'refused', 'timedOut', 'failed']),
    )
    expect(states.some((s) => s.matches({ awaitingProvider: 'popupClosed' }))).toBe(true)
  })

  it('holds the popup exactly while the visitor needs it (before the provider answered)', () => {
    for (const s of states) {
      const needed = s.matches('requestingUri') || s.matches('awaitingProvider')
      expect(s.context.socialWindow !== undefined).toBe(needed)
    }
  })

  it('shows a failure exactly in failed, and knows its provider from the first START on', () => {
    for (const s of states) {
      expect(selectSocialLogin(s).failure !== undefined).toBe(s.matches('failed'))
      if (!s.matches('idle')) expect(s.context.provider).toBeDefined()
    }
  })

  it('connects only after the frame gave the session, and only on the AUTH connector', () => {
    for (const { state, event, nextState } of edges) {
      if (nextState.matches('connecting') && !state.matches('connecting'))
        expect(event.type).toBe('xstate.done.actor.connectSocial')
      if (nextState.matches('connected') && !state.matches('connected'))
        expect(event).toEqual({ type: 'CONNECTED', connectorId: AUTH_CONNECTOR_ID })
    }
  })

  it('CANCEL leaves nothing running from any state', () => {
    const cancels = edges.filter((e) => e.event.type === 'CANCEL')
    expect(cancels.length).toBeGreaterThan(5)
    for (const { nextState } of cancels) {
      expect(stepOf(nextState)).toBe('idle')
      expect(Object.keys(nextState.children)).toEqual([])
    }
  })
})
