import { adjacencyMapToArray, getAdjacencyMap } from '@xstate/graph'
import { FrameError } from '@latch/frame'
import { describe, expect, it } from 'vitest'
import type { ActorLogic } from 'xstate'
import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import { createLatchStorage } from '../../storage/latch-storage.js'
import { createMemoryStorage } from '../../storage/memory-storage.js'
import { farcasterLoginMachine } from './farcaster-login.machine.js'
import { selectFarcasterLogin } from './farcaster-login.selectors.js'
import type { FarcasterLoginEvent } from './farcaster-login.types.js'

type Snapshot = ReturnType<typeof farcasterLoginMachine.getInitialSnapshot>

// Actor outcomes and timers are events too: the traversal feeds them like any other.
const internal = (type: string, extra: object = {}) =>
  ({ type, ...extra }) as unknown as FarcasterLoginEvent
const events: FarcasterLoginEvent[] = [
  { type: 'START' },
  { type: 'RETRY' },
  { type: 'CANCEL' },
  { type: 'CONNECTED', connectorId: 'io.metamask' },
  { type: 'CONNECTED', connectorId: AUTH_CONNECTOR_ID },
  { type: 'CONNECT_FAILED', error: new Error('no provider') },
  internal('xstate.done.actor.requestUri', { output: 'https://farcaster.test/~/siwf?c=1' }),
  internal('xstate.error.actor.requestUri', { error: new FrameError('iframe_load_failed') }),
  internal('xstate.done.actor.connectFarcaster', { output: { userName: 'alice' } }),
  internal('xstate.error.actor.connectFarcaster', {
    error: new FrameError('remote', { remoteMessage: 'Session Expired' }),
  }),
  internal('xstate.error.actor.connectFarcaster', {
    error: new FrameError('remote', { remoteMessage: 'Embedded Wallet Request Timed Out' }),
  }),
  internal('xstate.after.FARCASTER_RESULT_WAIT.farcasterLogin.awaitingApproval'),
]

const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, url: s.context.farcasterUrl, failure: s.context.failure?.kind })
// getAdjacencyMap's signature predates typed emitted events; the logic is the same machine.
const logic = farcasterLoginMachine as unknown as ActorLogic<Snapshot, FarcasterLoginEvent, unknown>
const input = { storage: createLatchStorage({ port: createMemoryStorage() }) }
const edges = adjacencyMapToArray(getAdjacencyMap(logic, { events, serializeState, input }))
const states = [
  ...new Map(
    edges.flatMap((e) => [e.state, e.nextState]).map((s) => [serializeState(s), s]),
  ).values(),
]
const stepOf = (s: Snapshot) => selectFarcasterLogin(s).step

describe('Farcaster sign-in machine: invariants on every reachable state (@xstate/graph)', () => {
  it('reaches every step, and each failure kind', () => {
    expect(new Set(states.map(stepOf))).toEqual(
      new Set(['idle', 'requestingUri', 'awaitingApproval', 'connecting', 'connected', 'failed']),
    )
    expect(new Set(states.map((s) => s.context.failure?.kind).filter(Boolean))).toEqual(
      new Set(['expired', 'timedOut', 'failed']),
    )
  })

  it('shows the link exactly while awaiting approval, and a failure exactly in failed', () => {
    for (const s of states) {
      const view = selectFarcasterLogin(s)
      expect(view.url !== undefined).toBe(s.matches('awaitingApproval'))
      expect(view.failure !== undefined).toBe(s.matches('failed'))
    }
  })

  it('connects only after the frame gave the session, and only on the AUTH connector', () => {
    for (const { state, event, nextState } of edges) {
      if (nextState.matches('connecting') && !state.matches('connecting'))
        expect(event.type).toBe('xstate.done.actor.connectFarcaster')
      if (nextState.matches('connected') && !state.matches('connected'))
        expect(event).toEqual({ type: 'CONNECTED', connectorId: AUTH_CONNECTOR_ID })
    }
  })

  it('every retry asks for a new channel: it leaves no link of the old one', () => {
    const retries = edges.filter((e) => e.event.type === 'RETRY' && e.state !== e.nextState)
    expect(retries.length).toBeGreaterThan(0)
    for (const { nextState } of retries) {
      if (!nextState.matches('requestingUri')) continue
      expect(nextState.context.farcasterUrl).toBeUndefined()
      expect(nextState.context.failure).toBeUndefined()
    }
  })

  it('CANCEL leaves nothing running from any state', () => {
    const cancels = edges.filter((e) => e.event.type === 'CANCEL')
    expect(cancels.length).toBeGreaterThan(4)
    for (const { nextState } of cancels) {
      expect(stepOf(nextState)).toBe('idle')
      expect(Object.keys(nextState.children)).toEqual([])
    }
  })
})
