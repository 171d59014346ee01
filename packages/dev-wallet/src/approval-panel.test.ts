// @vitest-environment jsdom
import { expect, it, vi } from 'vitest'
import { PANEL_TAG, mountApprovalPanel } from './approval-panel.js'
import { describeApprovalPanel } from './kit/testing/index.js'
import { createDevWallet } from './provider.js'
import type { ApprovalMode } from './types.js'

const KEY = `0x${'11'.repeat(32)}` as const

/** A wallet whose chain is never called: the panel only drives consent requests. */
function wallet(approval: ApprovalMode = 'manual') {
  return createDevWallet({
    chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9' }],
    privateKeys: [KEY],
    approval,
  })
}

describeApprovalPanel(
  {
    tag: PANEL_TAG,
    wallet,
    mount: (dev, options) => mountApprovalPanel(dev, options),
    connect: (dev) => dev.provider.request({ method: 'eth_requestAccounts' }),
  },
  (mount) => {
    it('is hidden until a request is pending in manual mode', async () => {
      const dev = wallet()
      const panel = mount(dev)
      expect(panel.section().hidden).toBe(true)
      const connecting = dev.provider.request({ method: 'eth_requestAccounts' })
      expect(panel.section().hidden).toBe(false)
      dev.setApproval('auto-approve')
      expect(panel.section().hidden).toBe(true)
      dev.setApproval('manual')
      dev.approve(dev.pending()[0]!.id)
      await connecting
      expect(panel.section().hidden).toBe(true)
    })

    it('lists each request with named Approve and Reject buttons; Approve resolves it', async () => {
      const dev = wallet()
      const panel = mount(dev)
      const connected = dev.provider.request({ method: 'eth_requestAccounts' })
      expect(panel.root.querySelector('h2')!.textContent).toBe('Latch Dev Wallet: 1 pending')
      expect(panel.root.querySelector('li')!.textContent).toContain('eth_requestAccounts')
      expect(panel.root.querySelector('li p')!.textContent).toBe(
        'Connect this site to your accounts',
      )
      const [approve, reject] = panel.buttons()
      expect(approve!.getAttribute('aria-label')).toBe('Approve eth_requestAccounts')
      expect(reject!.getAttribute('aria-label')).toBe('Reject eth_requestAccounts')
      expect(approve!.textContent).toBe('Approve')
      expect(approve!.type).toBe('button')
      approve!.click()
      expect(await connected).toEqual(dev.addresses())
      expect(panel.buttons()).toHaveLength(0)
    })

    it('shows dapp text as text, never as markup; Reject rejects with 4001', async () => {
      const dev = wallet('auto-approve')
      await dev.provider.request({ method: 'eth_requestAccounts' })
      dev.setApproval('manual')
      const panel = mount(dev)
      const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
      const signing = dev.provider.request({
        method: 'personal_sign',
        params: [hostile, dev.addresses()[0]],
      })
      await vi.waitFor(() => expect(panel.buttons()).toHaveLength(2))
      expect(panel.root.querySelector('img, script')).toBeNull()
      expect(panel.root.querySelector('li p')!.textContent).toBe(`Sign message: ${hostile}`)
      panel.buttons()[1]!.click()
      await expect(signing).rejects.toMatchObject({
        code: 4001,
        message: 'User rejected the request.',
      })
    })
  },
)
