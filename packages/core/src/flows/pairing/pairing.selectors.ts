import type { SnapshotFrom } from 'xstate'
import type { DirectoryWallet } from '../../directory/wallet.js'
import type { pairingRunMachine } from './pairing.machine.js'

export type PairingRunSnapshot = SnapshotFrom<typeof pairingRunMachine>

/** The directory entry of the wallet being paired with, once known (none for the generic QR). */
export const selectPairingWallet = (
  snapshot: PairingRunSnapshot | undefined,
): DirectoryWallet | undefined => snapshot?.context.wallet
