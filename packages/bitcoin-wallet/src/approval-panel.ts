import { mountApprovalPanelFor, type ApprovalPanelOptions } from '@latch/dev-wallet/kit'
import { BITCOIN_DEV_WALLET_NAME } from './icon.js'
import type { BitcoinDevWalletControl } from './types.js'

export type { ApprovalPanelOptions } from '@latch/dev-wallet/kit'

/** The panel's host element's tag name. */
export const PANEL_TAG = 'latch-bitcoin-dev-wallet-panel'

type PanelControl = Pick<
  BitcoinDevWalletControl,
  'subscribe' | 'pending' | 'approval' | 'approve' | 'reject'
>

/**
 * Mounts the approval panel (@latch/dev-wallet's, labelled for this wallet): pending requests of
 * both faces with Approve and Reject buttons, in a shadow root so the host page's CSS cannot
 * reach it. It shows only in manual mode with something pending. Returns the unmount function.
 */
export function mountApprovalPanel(
  wallet: PanelControl,
  options: ApprovalPanelOptions = {},
): () => void {
  return mountApprovalPanelFor(
    {
      state: () => ({ approval: wallet.approval(), pending: wallet.pending() }),
      subscribe: (listener) => wallet.subscribe(listener),
      approve: (id) => wallet.approve(id),
      reject: (id) => wallet.reject(id),
    },
    { tag: PANEL_TAG, name: BITCOIN_DEV_WALLET_NAME },
    options,
  )
}
