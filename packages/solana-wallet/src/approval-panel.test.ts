// @vitest-environment jsdom
import { describeApprovalPanel } from '@latch/dev-wallet/kit/testing'
import { solanaDevnetAccounts } from '@latch/solana-devnet/browser'
import { expect, it } from 'vitest'
import { PANEL_TAG, mountApprovalPanel } from './approval-panel.js'
import { features } from './test/devnet.js'
import type { ApprovalPolicy } from './types.js'
import { createSolanaDevWallet } from './wallet.js'

/** A wallet whose chain is never called: the panel only drives consent requests. */
function wallet(approval: ApprovalPolicy = 'manual') {
  return createSolanaDevWallet({
    rpcUrl: 'http://127.0.0.1:9',
    accounts: solanaDevnetAccounts(),
    approval,
  })
}

describeApprovalPanel(
  {
    tag: PANEL_TAG,
    wallet,
    mount: (dev, options) => mountApprovalPanel(dev.control, options),
    connect: (dev) => features(dev)['standard:connect'].connect(),
  },
  (mount) => {
    it('shows a pending request in manual mode; Approve connects, Reject answers 4001', async () => {
      const dev = wallet()
      const panel = mount(dev)
      expect(panel.section().hidden).toBe(true)

      const first = features(dev)['standard:connect'].connect()
      expect(panel.section().hidden).toBe(false)
      expect(panel.root.querySelector('h2')!.textContent).toBe('Latch Solana Dev Wallet: 1 pending')
      expect(panel.root.querySelector('code')!.textContent).toBe('standard:connect')
      const [, reject] = panel.buttons()
      expect(reject!.getAttribute('aria-label')).toBe('Reject standard:connect')
      reject!.click()
      await expect(first).rejects.toMatchObject({ code: 4001 })
      expect(panel.section().hidden).toBe(true)

      const second = features(dev)['standard:connect'].connect()
      const [approve] = panel.buttons()
      expect(approve!.getAttribute('aria-label')).toBe('Approve standard:connect')
      approve!.click()
      expect((await second).accounts).toHaveLength(1)
      expect(panel.section().hidden).toBe(true)
    })
  },
)
