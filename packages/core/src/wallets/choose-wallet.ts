import type { ConnectionEvent } from '../machines/connection.types.js'
import type { ModalEvent } from '../machines/modal.machine.js'
import { route } from '../router/routes.js'
import type { ConnectTarget, WalletItem } from './wallet-item.js'

/**
 * What choosing a connectable wallet in a list does: the connection machine asks the wallet to
 * connect, and the router pushes the waiting view for it (so Back returns to the list). On
 * success the modal closes by itself (SPEC §2 after-connect rule).
 */
export function chooseWalletEvents(target: ConnectTarget): {
  connection: Extract<ConnectionEvent, { type: 'CONNECT' }>
  modal: Extract<ModalEvent, { type: 'PUSH' }>
} {
  return {
    connection: { type: 'CONNECT', connector: target.connector, namespace: target.namespace },
    modal: {
      type: 'PUSH',
      route: route('ConnectingExternal', { connectorId: target.connector.id }),
    },
  }
}

/**
 * What choosing a row that pairs over WalletConnect does: the router pushes the QR view (with
 * the directory wallet, for its deep links). Entering that view starts the pairing; leaving it
 * abandons the proposal.
 */
export function choosePairingEvents(pair: NonNullable<WalletItem['pair']>): {
  modal: Extract<ModalEvent, { type: 'PUSH' }>
} {
  return {
    modal: {
      type: 'PUSH',
      route: route('ConnectingWalletConnect', pair.walletId ? { walletId: pair.walletId } : {}),
    },
  }
}
