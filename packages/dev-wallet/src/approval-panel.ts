import { mountApprovalPanelFor, type ApprovalPanelOptions } from './kit/approval-panel.js'
import type { DevWallet } from './types.js'

export type { ApprovalPanelOptions } from './kit/approval-panel.js'

/** The panel's host element's tag name. */
export const PANEL_TAG = 'latch-dev-wallet-panel'

type PanelWallet = Pick<DevWallet, 'subscribe' | 'pending' | 'approvalMode' | 'approve' | 'reject'>

/**
 * Mounts the approval panel: pending requests with Approve and Reject buttons, in a shadow root
 * so the host page's CSS cannot reach it. It shows only in manual mode with something pending.
 * Returns the unmount function.
 */
export function mountApprovalPanel(
  wallet: PanelWallet,
  options: ApprovalPanelOptions = {},
): () => void {
  return mountApprovalPanelFor(
    {
      state: () => ({ approval: wallet.approvalMode(), pending: wallet.pending() }),
      subscribe: (listener) => wallet.subscribe(listener),
      approve: (id) => wallet.approve(id),
      reject: (id) => wallet.reject(id),
    },
    { tag: PANEL_TAG, name: 'Latch Dev Wallet' },
    options,
  )
}
