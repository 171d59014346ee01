import type { SnapshotFrom } from 'xstate'
import type { latchMachine } from './latch.machine.js'
import { routeFlowOf, type RouteFlow } from './route-flows.js'

export type LatchRootSnapshot = SnapshotFrom<typeof latchMachine>

/** The flow the view on show is running, if any. */
export function selectFlow(snapshot: LatchRootSnapshot): RouteFlow | undefined {
  return snapshot.matches({ running: { flow: 'none' } })
    ? undefined
    : routeFlowOf(snapshot.context.flowRoute)
}

/**
 * Where the ConnectingExternal flow is: waiting for the wallet to be discovered, given up on it
 * (SPEC §9's 1 s async-injection wait is over: the view says it is not installed), or asking it.
 */
export function selectConnectFlowPhase(
  snapshot: LatchRootSnapshot,
): 'findingWallet' | 'walletNotFound' | 'asking' | undefined {
  for (const phase of ['findingWallet', 'walletNotFound', 'asking'] as const) {
    if (snapshot.matches({ running: { flow: { connectingExternal: phase } } })) return phase
  }
  return undefined
}
