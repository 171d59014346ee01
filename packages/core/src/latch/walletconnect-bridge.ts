import type { AnyActorRef } from 'xstate'
import { WALLETCONNECT_CONNECTOR_ID } from '../walletconnect/contract.js'
import type { WalletConnectLink } from '../walletconnect/link.js'
import type { WalletConnectEmitted } from '../walletconnect/walletconnect.machine.js'
import type { ConnectionSnapshot } from '../machines/connection.selectors.js'
import { selectRoute, type ModalSnapshot } from '../machines/modal.selectors.js'
import { selectActiveNamespace, type NetworkSnapshotLike } from '../machines/network-rules.js'
import { safeImageUrl, WALLETCONNECT_NAME } from '../wallets/wallet-item.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { ConnectorInfo } from '../machines/connection.types.js'
import { generateWalletIcon } from '../directory/icon.js'

const PAIRING_VIEWS = new Set(['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'])

/**
 * WalletConnect's part of the bridge. Pairing runs exactly while a pairing view is on show (so a
 * closed modal never keeps a proposal alive); an approved session is lent to the adapters, then
 * connected through the connection machine like any wallet; a session the wallet ends
 * disconnects every namespace it covered.
 */
export function wireWalletConnect(deps: {
  link: WalletConnectLink
  connection: AnyActorRef
  network: AnyActorRef
  modal: AnyActorRef
  walletConnect: AnyActorRef
}): () => void {
  const { link, connection, network, modal, walletConnect } = deps
  const cleanups: Array<() => void> = []

  let pairingWalletId: string | false = false
  const syncModal = (snapshot: ModalSnapshot) => {
    const open = snapshot.matches({ visibility: 'open' })
    const route = selectRoute(snapshot)
    const onPairingView = open && PAIRING_VIEWS.has(route.view)
    const walletId = route.view === 'ConnectingWalletConnect' ? (route.data?.walletId ?? '') : ''
    if (onPairingView && pairingWalletId !== walletId) {
      pairingWalletId = walletId
      walletConnect.send({ type: 'PAIR', ...(walletId ? { walletId } : {}) })
    } else if (!onPairingView && pairingWalletId !== false) {
      pairingWalletId = false
      walletConnect.send({ type: 'STOP' })
    }
  }
  syncModal(modal.getSnapshot() as ModalSnapshot)
  cleanups.push(modal.subscribe(syncModal).unsubscribe)

  cleanups.push(
    walletConnect.on('approved', ({ session }: WalletConnectEmitted) => {
      void link.attach(session).then(
        () => {
          const namespaces = Object.keys(session.accounts).filter(
            (namespace) => (session.accounts[namespace]?.length ?? 0) > 0,
          )
          const active = selectActiveNamespace(network.getSnapshot() as NetworkSnapshotLike)
          const namespace: ChainNamespace | undefined =
            active && namespaces.includes(active) ? active : namespaces[0]
          if (!namespace) return
          const peerIcon = safeImageUrl(session.peer.icons[0])
          const name = session.peer.name.trim() || WALLETCONNECT_NAME
          const connector: ConnectorInfo = {
            id: WALLETCONNECT_CONNECTOR_ID,
            type: 'WALLET_CONNECT',
            name,
            imageUrl: peerIcon ?? generateWalletIcon(name, WALLETCONNECT_CONNECTOR_ID),
          }
          connection.send({ type: 'CONNECT', connector, namespace })
        },
        () => undefined,
      )
    }).unsubscribe,
  )

  cleanups.push(
    link.onSessionDeleted(() => {
      const { connections } = (connection.getSnapshot() as ConnectionSnapshot).context
      for (const c of connections) {
        if (c.connectorId === WALLETCONNECT_CONNECTOR_ID)
          connection.send({
            type: 'WALLET_DISCONNECTED',
            connectorId: c.connectorId,
            namespace: c.namespace,
          })
      }
    }),
  )

  return () => {
    for (const cleanup of cleanups.reverse()) cleanup()
  }
}
