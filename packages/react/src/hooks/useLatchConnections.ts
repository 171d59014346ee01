import { selectCurrentConnection, type ChainNamespace, type Connection } from '@latch/core'
import { useMemo } from 'react'
import { useLatch } from './useLatch.js'
import { useSharedSelector } from './useSelector.js'

export interface LatchConnectionsState {
  connections: readonly Connection[]
  current?: Connection
  switchConnection(connectorId: string, namespace: ChainNamespace): void
  /** Disconnects one connection (default: the current one). */
  disconnect(connection?: Pick<Connection, 'connectorId' | 'namespace'>): void
}

/** SPEC §4: several connections can exist, one of them current. */
export function useLatchConnections(): LatchConnectionsState {
  const latch = useLatch()
  const state = useSharedSelector(latch.connection, (s) => ({
    connections: s.context.connections,
    current: selectCurrentConnection(s),
  }))
  // The same object while the connections are the same, so a host may depend on it.
  return useMemo(
    () => ({
      ...state,
      switchConnection: (connectorId: string, namespace: ChainNamespace) =>
        latch.connection.send({ type: 'SWITCH_CONNECTION', connectorId, namespace }),
      disconnect: (connection?: Pick<Connection, 'connectorId' | 'namespace'>) =>
        latch.connection.send({ type: 'DISCONNECT', ...(connection ?? {}) }),
    }),
    [state, latch],
  )
}
