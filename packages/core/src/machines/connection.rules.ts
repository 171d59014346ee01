import type { ChainNamespace } from '../identifiers/types.js'
import type {
  Connection,
  ConnectionContext,
  ConnectWalletInput,
  ConnectWalletOutput,
  ReconnectCandidate,
} from './connection.types.js'

export type Key = { connectorId: string; namespace: ChainNamespace }
export const sameKey = (a: Key, b: Key) =>
  a.connectorId === b.connectorId && a.namespace === b.namespace

/**
 * SPEC §4: reconnect on load tries the most recently used connector first, and never a wallet
 * whose disconnect flag is set (the user disconnected it on purpose).
 */
export function reconnectOrder(
  remembered: readonly ReconnectCandidate[],
  disconnectedConnectorIds: readonly string[],
): ReconnectCandidate[] {
  const flagged = new Set(disconnectedConnectorIds)
  const queue: ReconnectCandidate[] = []
  for (const candidate of remembered) {
    if (flagged.has(candidate.connectorId)) continue
    if (queue.some((queued) => sameKey(queued, candidate))) continue
    queue.push(candidate)
  }
  return queue
}

export function toConnection(
  result: ConnectWalletOutput,
  namespace: ChainNamespace,
  connector: ConnectWalletInput['connector'] | undefined,
): Connection {
  return {
    connectorId: result.connectorId,
    namespace,
    accounts: [...result.accounts],
    chainReference: result.chainReference,
    ...(connector ? { connector } : {}),
    ...(result.embeddedWallet ? { embeddedWallet: result.embeddedWallet } : {}),
  }
}

export const withoutKey = (connections: Connection[], key: Key) =>
  connections.filter((c) => !sameKey(c, key))

/** After a removal, the current connection stays if it survived, else the most recent other one. */
export function nextCurrent(context: ConnectionContext, remaining: Connection[]) {
  const stillThere = context.current && remaining.some((c) => sameKey(c, context.current!))
  if (stillThere) return context.current
  // The next current account is in the active namespace; another namespace's waits its turn.
  const first = context.activeNamespace
    ? remaining.find((c) => c.namespace === context.activeNamespace)
    : remaining[0]
  return first ? { connectorId: first.connectorId, namespace: first.namespace } : undefined
}

/**
 * What a DISCONNECT ends: every connection (`all`), every connection of a namespace (`all` with
 * `namespace`: its adapter is being removed), or one (the named one, else the current one).
 */
export function disconnectTargets(
  context: Pick<ConnectionContext, 'connections' | 'current'>,
  event: { connectorId?: string; namespace?: ChainNamespace; all?: boolean },
): Connection[] {
  if (event.all) {
    return event.namespace
      ? context.connections.filter((c) => c.namespace === event.namespace)
      : context.connections
  }
  const key = event.connectorId && event.namespace ? (event as Key) : context.current
  return context.connections.filter((c) => !!key && sameKey(c, key))
}
