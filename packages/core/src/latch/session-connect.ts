import { walletIconUrl } from '../directory/icon.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { ConnectionEvent, ConnectorInfo } from '../machines/connection.types.js'
import { WALLETCONNECT_CONNECTOR_ID, type WalletConnectSession } from '../walletconnect/contract.js'
import { WALLETCONNECT_NAME } from '../wallets/wallet-item.js'

/**
 * How an approved WalletConnect session connects: on the active namespace when the session
 * covers it, else its first namespace with accounts. The wallet's own name and icon are
 * untrusted: text, and an image URL that passed the safe-image check (else a generated icon).
 */
export function sessionConnectEvent(
  session: WalletConnectSession,
  activeNamespace: ChainNamespace | undefined,
): Extract<ConnectionEvent, { type: 'CONNECT' }> | undefined {
  const namespaces = Object.keys(session.accounts).filter(
    (namespace) => (session.accounts[namespace]?.length ?? 0) > 0,
  )
  const namespace =
    activeNamespace && namespaces.includes(activeNamespace) ? activeNamespace : namespaces[0]
  if (!namespace) return undefined
  const name = session.peer.name.trim() || WALLETCONNECT_NAME
  const connector: ConnectorInfo = {
    id: WALLETCONNECT_CONNECTOR_ID,
    type: 'WALLET_CONNECT',
    name,
    imageUrl: walletIconUrl({
      id: WALLETCONNECT_CONNECTOR_ID,
      name,
      imageUrl: session.peer.icons[0],
    }),
  }
  return { type: 'CONNECT', connector, namespace }
}
