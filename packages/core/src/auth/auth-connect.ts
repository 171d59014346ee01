import type { NetworkSnapshotLike } from '../machines/network-rules.js'
import { selectActiveNetwork, selectNetworks } from '../machines/network-rules.js'
import type { Network } from '../network/network.js'
import { authConnector } from './auth-connector.js'

/** The EVM network the AUTH connector connects on: the active one, else the first configured. */
export function authNetworkOf(network: NetworkSnapshotLike): Network | undefined {
  return (
    selectActiveNetwork(network, authConnector.chain) ??
    selectNetworks(network, authConnector.chain)[0]
  )
}

/** SPEC §4: a login connects the AUTH connector, on {@link authNetworkOf}. */
export function authConnectEvent(network: NetworkSnapshotLike) {
  const preferredNetwork = authNetworkOf(network)
  return {
    type: 'CONNECT' as const,
    connector: authConnector,
    namespace: authConnector.chain,
    ...(preferredNetwork ? { preferredNetwork } : {}),
  }
}
