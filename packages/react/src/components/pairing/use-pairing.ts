import { useSelector } from '../../hooks/useSelector.js'
import { useCallback } from 'react'
import { useLatch } from '../../hooks/useLatch.js'
import { samePairing, selectPairing, type PairingState } from '@latch/core'

/**
 * The pairing on show, from the instance's walletConnect machine. Core starts it when a pairing
 * view opens and abandons it when the view closes; the view only reads it, and asks again after
 * a rejection or failure.
 */
export function usePairing(): PairingState & { retry(): void } {
  const latch = useLatch()
  const state = useSelector(latch.walletConnect, selectPairing, samePairing)
  // Try again is the user's intent; core routes it to the flow on show (the pairing).
  const retry = useCallback(() => latch.actor.send({ type: 'RETRY' }), [latch])
  return { ...state, retry }
}
