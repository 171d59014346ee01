import type { SnapshotFrom } from 'xstate'
import { selectConnectPhase } from '../flows/connect-external/connect-external.selectors.js'
import type { PendingTransactionsActor } from '../flows/send/pending-transactions.machine.js'
import type { SendActor } from '../flows/send/send.machine.js'
import type { latchMachine } from './latch.machine.js'

export type LatchRootSnapshot = SnapshotFrom<typeof latchMachine>

/** The flow of the run on show, if any (its id: `switchingNetwork`, `pairing`, …). */
export function selectFlow(snapshot: LatchRootSnapshot): string | undefined {
  return snapshot.matches({ running: { flow: 'run' } }) ? snapshot.context.run?.id : undefined
}

/**
 * Where the ConnectingExternal run is: waiting for the wallet to be discovered, given up on it
 * (SPEC §9's 1 s async-injection wait is over: the view says it is not installed), or asking it.
 * A snapshot of the root does not change with the run's: views read the run's own
 * (`selectConnectPhase`); this is for a host reading once.
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
  return snapshot.context.services.sendForm
}

/** The pending-transactions machine (`latch.pendingTransactions`); `undefined` before it runs. */
export function selectPendingTransactionsActor(
  snapshot: LatchRootSnapshot,
): PendingTransactionsActor | undefined {
  return snapshot.context.services.pendingTransactions
}
