import {
  selectActiveCaipNetworkId,
  selectActiveNetwork,
  selectIsUnsupportedChain,
  selectNetworks,
  type HostNetwork,
  type Network,
} from '@latch/core'
import { useMemo } from 'react'
import { useLatch } from './useLatch.js'
import { useSharedSelector } from './useSelector.js'

export interface LatchNetworkState {
  /** The active network, or undefined when the wallet is on one that is not configured. */
  activeNetwork?: Network
  /** CAIP-2 id of where the wallet really is (may be unsupported). */
  activeCaipNetworkId?: string
  networks: readonly Network[]
  isUnsupported: boolean
  /**
   * Asks to switch; the modal shows the confirmation the SPEC §4 rules pick. The network may be
   * the host's own definition (matched by caipNetworkId), even one without `rpcUrls`.
   */
  switchNetwork(network: HostNetwork): void
}

export function useLatchNetwork(): LatchNetworkState {
  const latch = useLatch()
  const state = useSharedSelector(latch.network, (snapshot) => ({
    activeNetwork: selectActiveNetwork(snapshot),
    activeCaipNetworkId: selectActiveCaipNetworkId(snapshot),
    networks: selectNetworks(snapshot),
    isUnsupported: selectIsUnsupportedChain(snapshot),
  }))
  return useMemo(() => ({ ...state, switchNetwork: latch.switchNetwork }), [state, latch])
}
