import { selectCurrentConnection, isConnectedSnapshot } from '../machines/connection.selectors.js'
import type { ConnectionSnapshot } from '../machines/connection.selectors.js'
import { selectActiveNetwork, type NetworkSnapshotLike } from '../machines/network-rules.js'
import { balanceTarget, type BalanceTarget } from './balance-rules.js'

/** The current account on its namespace's active network, or undefined when none is connected. */
export function balanceTargetOf(
  connection: ConnectionSnapshot,
  network: NetworkSnapshotLike,
): BalanceTarget | undefined {
  const current = selectCurrentConnection(connection)
  const address = current?.accounts[0]?.address
  if (!current || !address || !isConnectedSnapshot(connection)) return undefined
  const active = selectActiveNetwork(network, current.namespace)
  return balanceTarget({
    namespace: current.namespace,
    connectorId: current.connectorId,
    address,
    chainReference: current.chainReference,
    ...(active ? { network: active } : {}),
  })
}
