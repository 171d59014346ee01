import { selectCurrentConnection, type Connection, type ChainNamespace } from '@latch/core'
import { useSelector } from '@xstate/react'
import { sameJson } from './equal.js'
import { useLatch } from './useLatch.js'

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
  const state = useSelector(
    latch.connection,
    (s) => ({ connections: s.context.connections, current: selectCurrentConnection(s) }),
    sameJson,
  )
  return {
    ...state,
    switchConnection: (connectorId, namespace) =>
      latch.connection.send({ type: 'SWITCH_CONNECTION', connectorId, namespace }),
    disconnect: (connection) =>
      latch.connection.send({ type: 'DISCONNECT', ...(connection ?? {}) }),
  }
}
