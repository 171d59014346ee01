// @vitest-environment jsdom
import { describeApprovalPanel } from '@latch/dev-wallet/kit/testing'
import { expect, it } from 'vitest'
import { PANEL_TAG, mountApprovalPanel } from './approval-panel.js'
import { features } from './test/devnet.js'
import type { ApprovalPolicy } from './types.js'
import { createBitcoinDevWallet } from './wallet.js'

/** A wallet whose chain is never called: the panel only drives consent requests. */
const wallet = (approval: ApprovalPolicy = 'manual') =>
  createBitcoinDevWallet({ esploraUrl: 'http://127.0.0.1:9/api', approval })

describeApprovalPanel(
  {
    tag: PANEL_TAG,
    wallet,
    mount: (dev, options) => mountApprovalPanel(dev.control, options),
    connect: (dev) => features(dev)['standard:connect'].connect(),
  },
  (mount) => {
    it('shows either face’s request in manual mode; Reject answers it, Approve connects', async () => {
      const dev = wallet()
      const panel = mount(dev)
      expect(panel.section().hidden).toBe(true)

      const satsConnect = dev.provider.request('getAddresses', { purposes: ['payment'] })
      expect(panel.section().hidden).toBe(false)
      expect(panel.root.querySelector('h2')!.textContent).toBe(
        'Latch Bitcoin Dev Wallet: 1 pending',
      )
      expect(panel.root.querySelector('code')!.textContent).toBe('getAddresses')
      const [, reject] = panel.buttons()
      expect(reject!.getAttribute('aria-label')).toBe('Reject getAddresses')
      reject!.click()
      expect(await satsConnect).toMatchObject({ error: { code: -32000 } })
      expect(panel.section().hidden).toBe(true)

      const standard = features(dev)['bitcoin:connect'].connect({ purposes: ['ordinals'] })
      const [approve] = panel.buttons()
      expect(approve!.getAttribute('aria-label')).toBe('Approve bitcoin:connect')
      approve!.click()
      expect((await standard).accounts).toHaveLength(1)
      expect(panel.section().hidden).toBe(true)
    })
  },
)
