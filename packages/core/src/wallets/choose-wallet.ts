import type { ModalEvent } from '../machines/modal.machine.js'
import { route } from '../router/routes.js'
import type { ConnectTarget, WalletItem } from './wallet-item.js'

/**
 * What choosing a connectable wallet in a list does: the router pushes the waiting view for it
 * (so Back returns to the list), and showing that view is what makes core ask the wallet (the
 * root's route flow). On success the modal closes by itself (SPEC §2 after-connect rule).
 */
export function chooseWalletEvents(target: ConnectTarget): {
  modal: Extract<ModalEvent, { type: 'PUSH' }>
} {
  return {
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
