import { createActor, fromPromise, waitFor } from 'xstate'
import type { NetworkRequest } from '../adapter/contract.js'
import {
  networkMachine,
  type NetworkMachineEmitted,
  type NetworkMachineInput,
} from '../machines/network.machine.js'
import type { NamespaceFacts } from '../machines/network-rules.js'
import type { Network } from '../network/network.js'
import { baseInput, rpcError } from './network-fixtures.js'

/** The network machine with scripted adapter calls, for its tests. */
export type Outcome = 'ok' | number
/** A fake adapter call answering each call with the next scripted outcome (then 'ok'). */
function scripted(outcomes: Outcome[], calls: NetworkRequest[]) {
  return fromPromise<void, NetworkRequest>(async ({ input }) => {
    calls.push(input)
    const outcome = outcomes[calls.length - 1] ?? 'ok'
    if (outcome !== 'ok') throw rpcError(outcome)
  })
}

export function start(
  input: Partial<NetworkMachineInput> = {},
  script: { switchChain?: Outcome[]; addChain?: Outcome[] } = {},
) {
  const switchCalls: NetworkRequest[] = []
  const addCalls: NetworkRequest[] = []
  const machine = networkMachine.provide({
    actors: {
      switchChain: scripted(script.switchChain ?? [], switchCalls),
      addChain: scripted(script.addChain ?? [], addCalls),
    },
  })
  const actor = createActor(machine, { input: { ...baseInput, ...input } })
  const emitted: NetworkMachineEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  const facts = (namespaces: Record<string, NamespaceFacts>, isBasicConnection = false) =>
    actor.send({ type: 'FACTS_UPDATED', namespaces, isBasicConnection })
  const settled = () => waitFor(actor, (s) => s.matches('idle'))
  return { actor, emitted, switchCalls, addCalls, facts, settled }
}

export const navigations = (emitted: NetworkMachineEmitted[]) =>
  emitted.filter((e) => e.type === 'navigate')
export const goBack = { type: 'navigate', action: 'goBack' } as const
export const pushSwitchNetwork = (network: Network) => ({
  type: 'navigate',
  action: 'push',
  route: { view: 'SwitchNetwork', data: { network } },
})
