// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PANEL_TAG, mountApprovalPanel } from './approval-panel.js'
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

/** Mounts the panel and captures its closed shadow root, which the page itself cannot reach. */
function mount(dev: ReturnType<typeof wallet>, options: { shadowMode?: ShadowRootMode } = {}) {
  const attach = vi.spyOn(HTMLElement.prototype, 'attachShadow')
  const unmount = mountApprovalPanel(dev, options)
  const root = attach.mock.results[0]!.value as ShadowRoot
  attach.mockRestore()
  const host = document.querySelector(PANEL_TAG) as HTMLElement
  const section = () => root.querySelector('section')!
  const buttons = () => Array.from(root.querySelectorAll('button'))
  const name = (button: HTMLButtonElement) => button.getAttribute('aria-label')
  return { unmount, root, host, section, buttons, name }
}

afterEach(() => {
  document.body.replaceChildren()
})

describe('mountApprovalPanel', () => {
  it('lives in a closed shadow root with the host styled inline, out of the page’s reach', () => {
    const panel = mount(wallet())
    expect(panel.host.shadowRoot).toBeNull()
    expect(panel.root.mode).toBe('closed')
    expect(panel.host.getAttribute('style')).toContain('position: fixed !important')
    panel.unmount()
    expect(document.querySelector(PANEL_TAG)).toBeNull()
  })

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
    expect(panel.root.querySelector('li p')!.textContent).toBe('Connect this site to your accounts')
    const [approve, reject] = panel.buttons()
    expect(panel.name(approve!)).toBe('Approve eth_requestAccounts')
    expect(panel.name(reject!)).toBe('Reject eth_requestAccounts')
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

  it('can use an open root for automation tools, and mounts into a given target', () => {
    const target = document.createElement('div')
    document.body.append(target)
    const panel = mount(wallet(), { shadowMode: 'open' })
    expect(panel.host.shadowRoot).toBe(panel.root)
    const unmount = mountApprovalPanel(wallet(), { target })
    expect(target.querySelector(PANEL_TAG)).not.toBeNull()
    unmount()
  })
})
