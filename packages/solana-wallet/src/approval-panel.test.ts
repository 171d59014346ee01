// @vitest-environment jsdom
import { solanaDevnetAccounts } from '@latch/solana-devnet/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
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

  it('stays hidden under a scripted policy', async () => {
    const dev = wallet('auto-approve')
    const panel = mount(dev)
    await features(dev)['standard:connect'].connect()
    expect(panel.section().hidden).toBe(true)
    expect(panel.buttons()).toEqual([])
  })
})
