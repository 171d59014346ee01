// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PANEL_TAG, mountApprovalPanel } from './approval-panel.js'
import { features } from './test/devnet.js'
import type { ApprovalPolicy } from './types.js'
import { createBitcoinDevWallet } from './wallet.js'

/** A wallet whose chain is never called: the panel only drives consent requests. */
const wallet = (approval: ApprovalPolicy = 'manual') =>
  createBitcoinDevWallet({ esploraUrl: 'http://127.0.0.1:9/api', approval })

/** Mounts the panel and captures its closed shadow root, which the page itself cannot reach. */
function mount(dev: ReturnType<typeof wallet>) {
  const attach = vi.spyOn(HTMLElement.prototype, 'attachShadow')
  const unmount = mountApprovalPanel(dev.control)
  const root = attach.mock.results[0]!.value as ShadowRoot
  attach.mockRestore()
  const host = document.querySelector(PANEL_TAG) as HTMLElement
  const section = () => root.querySelector('section')!
  const buttons = () => Array.from(root.querySelectorAll('button'))
  return { unmount, root, host, section, buttons }
}

afterEach(() => {
  document.body.replaceChildren()
})

describe('mountApprovalPanel', () => {
  it('lives in a closed shadow root, out of the page’s reach, and unmounts', () => {
    const panel = mount(wallet())
    expect(panel.host.shadowRoot).toBeNull()
    expect(panel.root.mode).toBe('closed')
    expect(panel.host.getAttribute('style')).toContain('position: fixed !important')
    panel.unmount()
    expect(document.querySelector(PANEL_TAG)).toBeNull()
  })

  it('shows either face’s request in manual mode; Reject answers it, Approve connects', async () => {
    const dev = wallet()
    const panel = mount(dev)
    expect(panel.section().hidden).toBe(true)

    const satsConnect = dev.provider.request('getAddresses', { purposes: ['payment'] })
    expect(panel.section().hidden).toBe(false)
    expect(panel.root.querySelector('h2')!.textContent).toBe('Latch Bitcoin Dev Wallet: 1 pending')
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

  it('stays hidden under a scripted policy', async () => {
    const dev = wallet('auto-approve')
    const panel = mount(dev)
    await features(dev)['standard:connect'].connect()
    expect(panel.section().hidden).toBe(true)
    expect(panel.buttons()).toEqual([])
  })
})
