import type { SnapshotFrom } from 'xstate'
import type { connectExternalRunMachine } from './connect-external.machine.js'

export type ConnectExternalSnapshot = SnapshotFrom<typeof connectExternalRunMachine>

/**
 * Where a ConnectingExternal run is: waiting for the wallet to be discovered, given up on it
 * (SPEC §9's 1 s async-injection wait is over: the view says it is not installed), or asking it.
 */
export function selectConnectPhase(
  snapshot: ConnectExternalSnapshot | undefined,
): 'findingWallet' | 'walletNotFound' | 'asking' | undefined {
  for (const phase of ['findingWallet', 'walletNotFound', 'asking'] as const)
    if (snapshot?.matches(phase)) return phase
  return undefined
}
