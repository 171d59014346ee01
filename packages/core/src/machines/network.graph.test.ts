import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { type ActorLogic } from 'xstate'
import {
  networkMachine,
  selectActiveCaipNetworkId,
  selectActiveNamespace,
  selectActiveNetwork,
  selectIsSwitchingNamespace,
  selectIsUnsupportedChain,
  selectLastError,
  selectPendingSwitch,
  type NetworkMachineEvent,
  type NetworkMachineInput,
} from './network.machine.js'

import {
  EVM,
  SOL,
  baseInput,
  mainnet,
  net,
  polygon,
  rpcError,
  solana,
} from '../test/network-fixtures.js'

describe('network machine: invariants on every reachable state (@xstate/graph)', () => {
  const optimism = net('eip155', '10', 'Optimism')
  // Actor results are events too: the traversal feeds them like any other.
  const actorResult = (type: string, error?: unknown) =>
    ({ type, ...(error === undefined ? {} : { error }) }) as unknown as NetworkMachineEvent
  const events: NetworkMachineEvent[] = [
    { type: 'FACTS_UPDATED', namespaces: {}, isBasicConnection: false },
    { type: 'FACTS_UPDATED', namespaces: { eip155: EVM }, isBasicConnection: false },
    { type: 'FACTS_UPDATED', namespaces: { eip155: EVM, solana: SOL }, isBasicConnection: true },
    {
      type: 'FACTS_UPDATED',
      namespaces: { eip155: { ...EVM, connectorType: 'AUTH' } },
      isBasicConnection: false,
    },
    { type: 'SWITCH_NETWORK', network: polygon },
    { type: 'SWITCH_NETWORK', network: solana },
    { type: 'CONFIRM_SWITCH', network: mainnet },
    { type: 'CONFIRM_SWITCH', network: polygon },
    { type: 'CONFIRM_SWITCH', network: solana },
    { type: 'SWITCH_ACTIVE_CHAIN', namespace: 'solana', navigateWithReplace: true },
    { type: 'WALLET_CHAIN_CHANGED', namespace: 'eip155', chainReference: '1' },
    { type: 'WALLET_CHAIN_CHANGED', namespace: 'eip155', chainReference: '10' },
    { type: 'ADAPTER_REMOVED', namespace: 'solana' },
    { type: 'NETWORK_REMOVED', caipNetworkId: polygon.caipNetworkId },
    { type: 'NETWORK_ADDED', network: optimism },
    actorResult('xstate.done.actor.switchChain'),
    actorResult('xstate.error.actor.switchChain', rpcError(4902)),
    actorResult('xstate.error.actor.switchChain', rpcError(4001)),
    actorResult('xstate.done.actor.addChain'),
    actorResult('xstate.error.actor.addChain', rpcError(4001)),
    actorResult('xstate.done.actor.switchChainRetry'),
    actorResult('xstate.error.actor.switchChainRetry', rpcError(4902)),
  ]
  const input: NetworkMachineInput = {
    ...baseInput,
    networks: [mainnet, polygon, solana],
    adapterNamespaces: ['eip155', 'solana'],
  }
  type Snapshot = ReturnType<typeof networkMachine.getInitialSnapshot>
  const serializeState = (s: Snapshot) =>
    JSON.stringify({ value: s.value, context: { ...s.context, error: s.context.error?.code } })
  const paths = getShortestPaths(networkMachine, { input, events, serializeState })
  const states = paths.map((path) => path.state)

  it('explores the switching states and the unsupported chain', () => {
    expect(states.some((s) => s.matches({ switching: 'retrying' }))).toBe(true)
    expect(states.some((s) => selectIsUnsupportedChain(s))).toBe(true)
    expect(states.some((s) => s.matches('idle') && selectLastError(s) !== undefined)).toBe(true)
  })

  it('keeps the active network configured, or flags it unsupported (under these options)', () => {
    for (const s of states) {
      const flagged = selectIsUnsupportedChain(s) || s.context.facts.isBasicConnection
      expect(selectActiveNetwork(s) !== undefined || flagged).toBe(true)
    }
  })

  it('keeps an active network of the active namespace in every state', () => {
    for (const s of states) {
      expect(selectActiveCaipNetworkId(s)?.startsWith(`${selectActiveNamespace(s)}:`)).toBe(true)
    }
  })

  it('has no pending switch and no namespace flag when idle', () => {
    for (const s of states.filter((state) => state.matches('idle'))) {
      expect(selectIsSwitchingNamespace(s)).toBe(false)
      expect(selectPendingSwitch(s)).toBeUndefined()
    }
  })

  it('switches with a pending target and no stale error', () => {
    for (const s of states.filter((state) => state.matches('switching'))) {
      expect(selectPendingSwitch(s)).toBeDefined()
      expect(selectLastError(s)).toBeUndefined()
    }
  })

  // getAdjacencyMap's signature predates typed emitted events; the logic is the same machine.
  const logic = networkMachine as unknown as ActorLogic<
    Snapshot,
    NetworkMachineEvent,
    NetworkMachineInput
  >
  const edges = adjacencyMapToArray(getAdjacencyMap(logic, { input, events, serializeState }))

  it('flags a switch exactly when it starts towards another namespace', () => {
    const starts = edges.filter((e) => e.state.matches('idle') && e.nextState.matches('switching'))
    expect(starts.length).toBeGreaterThan(0)
    for (const { state, nextState } of starts) {
      const target = selectPendingSwitch(nextState)?.network.chainNamespace
      expect(selectIsSwitchingNamespace(nextState)).toBe(target !== selectActiveNamespace(state))
    }
  })

  it('settles every switch on its target network or with a stored error', () => {
    const ends = edges.filter((e) => e.state.matches('switching') && e.nextState.matches('idle'))
    expect(ends.length).toBeGreaterThan(0)
    for (const { state, nextState } of ends) {
      const target = selectPendingSwitch(state)?.network.caipNetworkId
      const landed = selectActiveCaipNetworkId(nextState) === target
      // Both at once is possible: the wallet may report the target chain, then fail the call.
      expect(landed || selectLastError(nextState) !== undefined).toBe(true)
    }
  })

  it('never lists a network or an adapter twice', () => {
    for (const { context } of states) {
      const ids = context.networks.map((n) => n.caipNetworkId)
      expect(new Set(ids).size).toBe(ids.length)
      expect(new Set(context.adapterNamespaces).size).toBe(context.adapterNamespaces.length)
    }
  })
})
