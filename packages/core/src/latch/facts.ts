import type { ConnectorType } from '../connector/connector.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { ConnectionSnapshot } from '../machines/connection.selectors.js'
import type { NavigationRequest } from '../router/routes.js'
import type { ModalEvent } from '../machines/modal.machine.js'

/** What the network machine needs to know of the connections, per namespace. */
export function networkFactsOf(snapshot: ConnectionSnapshot) {
  const namespaces: Partial<
    Record<
      ChainNamespace,
      { address?: string; connectorId?: string; connectorType?: ConnectorType }
    >
  > = {}
  const { connections, current } = snapshot.context
  // The current connection speaks for its namespace; otherwise the most recent one there.
  const isCurrent = (c: (typeof connections)[number]) =>
    !!current && c.connectorId === current.connectorId && c.namespace === current.namespace
  const ordered = [...connections.filter(isCurrent), ...connections.filter((c) => !isCurrent(c))]
  for (const connection of ordered) {
    if (namespaces[connection.namespace]) continue
    namespaces[connection.namespace] = {
      address: connection.accounts[0]?.address,
      connectorId: connection.connectorId,
      ...(connection.connector ? { connectorType: connection.connector.type } : {}),
    }
  }
  return { namespaces, isBasicConnection: false }
}

export { isConnectedSnapshot } from '../machines/connection.selectors.js'

/** A navigation request (router's NavigationRequest), whatever relayed it: the `type` is the relay's. */
export type Navigation = NavigationRequest extends infer R
  ? R extends NavigationRequest
    ? Omit<R, 'type'>
    : never
  : never

/** Translates another machine's navigation request into the modal machine's event. */
export function toModalEvent(request: Navigation): ModalEvent {
  switch (request.action) {
    case 'goBack':
      return { type: 'GO_BACK' }
    case 'open':
      return { type: 'OPEN', route: request.route }
    case 'push':
      return { type: 'PUSH', route: request.route }
    case 'replace':
      return { type: 'REPLACE', route: request.route }
    case 'reset':
      return { type: 'RESET', route: request.route }
  }
}
