import { adjacencyMapToArray, getAdjacencyMap } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import type { ActorLogic } from 'xstate'
import { isCloseDisabled, resolveClosedRoute } from '../router/open-rules.js'
import { connectedOnlyViews } from '../router/routes.js'
import { solanaLocal } from '../testing/networks.js'
import { modalMachine, type ModalEvent, type ModalInput } from './modal.machine.js'
import { selectModalState, selectRoute } from './modal.selectors.js'

type Snapshot = ReturnType<typeof modalMachine.getInitialSnapshot>

const events: ModalEvent[] = [
  { type: 'OPEN' },
  { type: 'OPEN', route: { view: 'Account' } },
  { type: 'OPEN', namespace: 'solana' },
  { type: 'CLOSE' },
  { type: 'PUSH', route: { view: 'Networks' } },
  { type: 'PUSH', route: { view: 'Connect' } },
  { type: 'PUSH', route: { view: 'WalletSend' } },
  { type: 'REPLACE', route: { view: 'Account' } },
  { type: 'GO_BACK' },
  { type: 'SHAKE' },
  { type: 'FACTS_UPDATED', facts: { isConnected: true } },
  { type: 'FACTS_UPDATED', facts: { isConnected: false } },
  { type: 'FACTS_UPDATED', facts: { signInRequired: true, signInEnabled: true } },
  { type: 'FACTS_UPDATED', facts: { hasSignInSession: true } },
  { type: 'FACTS_UPDATED', facts: { hasSignInSession: false } },
]

function explore(input: ModalInput) {
  const serializeState = (s: Snapshot) => JSON.stringify({ value: s.value, context: s.context })
  const logic = modalMachine as unknown as ActorLogic<Snapshot, ModalEvent, ModalInput>
  return adjacencyMapToArray(
    getAdjacencyMap(logic, {
      input,
      events,
      serializeState,
      // Histories deeper than 4 only repeat what shorter ones already show.
      stopWhen: (s) => s.context.history.length > 4,
    }),
  )
}

const facts = { activeNamespace: 'eip155', firstNetworkByNamespace: { solana: solanaLocal } }

describe.each([
  ['overlay', { facts }],
  ['embedded', { facts: { ...facts, embedded: true } }],
])('modal machine (%s): invariants on every reachable state (@xstate/graph)', (_, input) => {
  const edges = explore(input as ModalInput)
  const key = (s: Snapshot) => JSON.stringify({ value: s.value, context: s.context })
  const states = [
    ...new Map(edges.flatMap((e) => [e.state, e.nextState]).map((s) => [key(s), s])).values(),
  ]

  it('explores open and closed, connected and not, with sign-in required', () => {
    expect(edges.length).toBeGreaterThan(500)
    expect(states.some((s) => selectModalState(s).open && s.context.facts.isConnected)).toBe(true)
    expect(states.some((s) => selectModalState(s).open && isCloseDisabled(s.context.facts))).toBe(
      true,
    )
  })

  it('never shows Account (or any wallet-only view) while disconnected', () => {
    for (const s of states) {
      if (!s.context.facts.isConnected)
        expect(connectedOnlyViews.has(selectRoute(s).view)).toBe(false)
    }
  })

  it('never closes while sign-in is required and no session exists', () => {
    const closing = edges.filter(
      (e) =>
        selectModalState(e.state).open &&
        isCloseDisabled(e.state.context.facts) &&
        isCloseDisabled(e.nextState.context.facts),
    )
    expect(closing.length).toBeGreaterThan(0)
    for (const { nextState } of closing) expect(selectModalState(nextState).open).toBe(true)
  })

  it('a closed modal always rests on its closed view, with one history entry', () => {
    for (const s of states.filter((s) => !selectModalState(s).open)) {
      expect(s.context.history).toEqual([resolveClosedRoute(s.context.facts)])
    }
  })

  it('the history is never empty', () => {
    for (const s of states) expect(s.context.history.length).toBeGreaterThan(0)
  })
})
