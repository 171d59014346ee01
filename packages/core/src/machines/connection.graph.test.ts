import { adjacencyMapToArray, getAdjacencyMap } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import type { ActorLogic } from 'xstate'
import type { ConnectResult } from '../adapter/contract.js'
import { connectionMachine } from './connection.machine.js'
import {
  selectAccountState,
  selectCurrentConnection,
  selectStatus,
} from './connection.selectors.js'
import type { ConnectionEvent, ConnectorInfo } from './connection.types.js'

type Snapshot = ReturnType<typeof connectionMachine.getInitialSnapshot>
const injected: ConnectorInfo = { id: 'io.dev', type: 'ANNOUNCED', name: 'Dev' }
const phantom: ConnectorInfo = { id: 'app.phantom', type: 'ANNOUNCED', name: 'Phantom' }
const result = (connectorId: string, accounts = 1): ConnectResult => ({
  connectorId,
  accounts: Array.from({ length: accounts }, (_, i) => ({
    address: `0x${i}${connectorId}`,
    type: 'eoa' as const,
  })),
  chainReference: '1',
})
// Actor outcomes are events too: the traversal feeds them like any other.
const actorEvent = (type: string, extra: object) =>
  ({ type, ...extra }) as unknown as ConnectionEvent

/** Every event a user, a wallet or an adapter call can produce in a given state. */
function eventsFor(snapshot: Snapshot): ConnectionEvent[] {
  const { pending, reconnectQueue, connections } = snapshot.context
  const events: ConnectionEvent[] = [
    { type: 'CONNECT', connector: injected, namespace: 'eip155' },
    { type: 'CONNECT', connector: phantom, namespace: 'solana' },
    {
      type: 'RECONNECT',
      remembered: [
        { namespace: 'eip155', connectorId: injected.id },
        { namespace: 'solana', connectorId: phantom.id },
      ],
      disconnectedConnectorIds: [],
    },
    { type: 'CANCEL' },
    { type: 'DISCONNECT' },
    { type: 'DISCONNECT', all: true },
    { type: 'SWITCH_CONNECTION', connectorId: injected.id, namespace: 'eip155' },
    { type: 'ACCOUNTS_CHANGED', connectorId: injected.id, namespace: 'eip155', accounts: [] },
    { type: 'WALLET_DISCONNECTED', connectorId: phantom.id, namespace: 'solana' },
    actorEvent('xstate.error.actor.connectWallet', { error: { code: 4001 } }),
    actorEvent('xstate.error.actor.reconnectWallet', { error: new Error('locked') }),
    actorEvent('xstate.done.actor.reconnectWallet', { output: null }),
    actorEvent('xstate.done.actor.disconnectWallets', { output: undefined }),
  ]
  if (pending) {
    events.push(
      actorEvent('xstate.done.actor.connectWallet', { output: result(pending.connector.id) }),
    )
    events.push(
      actorEvent('xstate.done.actor.connectWallet', { output: result(pending.connector.id, 0) }),
    )
  }
  const head = reconnectQueue[0]
  if (head)
    events.push(
      actorEvent('xstate.done.actor.reconnectWallet', { output: result(head.connectorId) }),
    )
  if (connections.length)
    events.push({
      type: 'ACCOUNTS_CHANGED',
      connectorId: injected.id,
      namespace: 'eip155',
      accounts: result(injected.id, 2).accounts,
    })
  return events
}

const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, context: { ...s.context, error: s.context.error?.code } })
// getAdjacencyMap's signature predates typed emitted events; the logic is the same machine.
const logic = connectionMachine as unknown as ActorLogic<Snapshot, ConnectionEvent, undefined>
const edges = adjacencyMapToArray(getAdjacencyMap(logic, { events: eventsFor, serializeState }))
const states = [
  ...new Map(
    edges.flatMap((e) => [e.state, e.nextState]).map((s) => [serializeState(s), s]),
  ).values(),
]

describe('connection machine: invariants on every reachable state (@xstate/graph)', () => {
  it('reaches every status, two connections and the disconnect wait', () => {
    const statuses = new Set(states.map(selectStatus))
    expect([...statuses].sort()).toEqual([
      'connected',
      'connecting',
      'disconnected',
      'reconnecting',
    ])
    expect(states.some((s) => s.context.connections.length === 2)).toBe(true)
    expect(states.some((s) => s.matches({ connected: 'disconnecting' }))).toBe(true)
    expect(states.length).toBeGreaterThan(20)
  })

  it('disconnected means no connection, no current connector and no account data', () => {
    for (const s of states.filter((s) => selectStatus(s) === 'disconnected')) {
      expect(s.context.connections).toEqual([])
      expect(s.context.current).toBeUndefined()
      expect(s.context.accountData).toEqual({})
    }
  })

  it('connected always has a current connection that exists', () => {
    for (const s of states.filter((s) => selectStatus(s) === 'connected')) {
      expect(selectCurrentConnection(s)).toBeDefined()
    }
  })

  it('no stored connection ever has zero accounts, and none is listed twice', () => {
    for (const s of states) {
      const keys = s.context.connections.map((c) => `${c.namespace}/${c.connectorId}`)
      expect(new Set(keys).size).toBe(keys.length)
      expect(s.context.connections.every((c) => c.accounts.length > 0)).toBe(true)
    }
  })

  it('the host sees an address exactly when it sees isConnected', () => {
    for (const s of states) {
      const account = selectAccountState(s)
      expect(account.address !== undefined).toBe(account.isConnected)
    }
  })

  it('a failed connect lands in connected when a connection existed, else disconnected', () => {
    const failures = edges.filter(
      (e) =>
        (e.event.type as string) === 'xstate.error.actor.connectWallet' &&
        e.state.matches('connecting'),
    )
    expect(failures.length).toBeGreaterThan(0)
    for (const { state, nextState } of failures) {
      expect(selectStatus(nextState)).toBe(
        state.context.connections.length > 0 ? 'connected' : 'disconnected',
      )
    }
  })
})
