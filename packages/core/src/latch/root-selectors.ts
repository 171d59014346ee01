import type { SnapshotFrom } from 'xstate'
import type { PendingTransactionsActor } from '../send/pending-transactions.machine.js'
import type { SendActor } from '../send/send.machine.js'
import type { latchMachine } from './latch.machine.js'
import { selectConnectPhase } from '../flows/connect-external/connect-external.selectors.js'
import { routeFlowOf, type RouteFlow } from './route-flows.js'

export type LatchRootSnapshot = SnapshotFrom<typeof latchMachine>

/** The flow the view on show is running, if any (its id: `switchingNetwork`, `pairing`…). */
export function selectFlow(snapshot: LatchRootSnapshot): RouteFlow | string | undefined {
  if (snapshot.matches({ running: { flow: 'run' } })) return snapshot.context.run?.id
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
  return selectConnectPhase(snapshot.context.run?.refs.connectingExternal?.getSnapshot())
}

/**
 * The send machine (`latch.sendForm`), for a reactive read of the ref itself: spawned once the
 * instance runs, so `undefined` before.
 */
export function selectSendForm(snapshot: LatchRootSnapshot): SendActor | undefined {
  return snapshot.context.sendForm
}

/** The pending-transactions machine (`latch.pendingTransactions`); `undefined` before it runs. */
export function selectPendingTransactionsActor(
  snapshot: LatchRootSnapshot,
): PendingTransactionsActor | undefined {
  return snapshot.context.pendingTransactions
}
