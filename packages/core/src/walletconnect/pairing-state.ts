import type { SnapshotFrom } from 'xstate'
import type { LatchError } from '../errors/latch-error.js'
import type { walletConnectMachine } from './walletconnect.machine.js'

/** What the pairing views show, from the walletConnect machine's state. */
export type PairingPhase = 'waiting' | 'showing' | 'approved' | 'rejected' | 'failed'

export interface PairingState {
  phase: PairingPhase
  /** The pairing URI on show (the QR code, copy link and deep links); only while 'showing'. */
  uri?: string
  /** The directory wallet being paired, for its deep links. */
  walletId?: string
  /** Why pairing stopped: set in 'failed' and 'rejected'. */
  error?: LatchError
}

export type PairingSnapshot = SnapshotFrom<typeof walletConnectMachine>

/**
 * The phase of a pairing: a rejection is told apart from other failures (its own copy), and
 * every state without a URI yet (idle included: the bridge starts pairing as the view opens)
 * reads as waiting.
 */
export function selectPairing(snapshot: PairingSnapshot): PairingState {
  const { uri, walletId, error } = snapshot.context
  const base = walletId ? { walletId } : {}
  if (snapshot.matches('failed'))
    return {
      ...base,
      phase: error?.code === 'USER_REJECTED' ? 'rejected' : 'failed',
      ...(error ? { error } : {}),
    }
  if (snapshot.matches('approved')) return { ...base, phase: 'approved' }
  if (snapshot.matches({ pairing: 'showingUri' }) && uri) return { ...base, phase: 'showing', uri }
  return { ...base, phase: 'waiting' }
}

/** Re-render only when what is shown changes. */
export const samePairing = (a: PairingState, b: PairingState) =>
  a.phase === b.phase && a.uri === b.uri && a.walletId === b.walletId && a.error === b.error
