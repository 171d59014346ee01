import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApprovalPanelOptions } from '../approval-panel.js'

/** A mounted panel, with the closed shadow root the page itself cannot reach. */
export interface MountedPanel {
  unmount: () => void
  root: ShadowRoot
  host: HTMLElement
  section(): HTMLElement
  buttons(): HTMLButtonElement[]
}

/** What {@link describeApprovalPanel} needs of one wallet's panel. */
export interface ApprovalPanelSuite<Wallet> {
  /** The panel's host element's tag name. */
  tag: string
  /** A wallet whose chain is never called: the panel only drives consent requests. */
  wallet(approval: 'manual' | 'auto-approve'): Wallet
  /** The package's `mountApprovalPanel` for that wallet. */
  mount(wallet: Wallet, options?: ApprovalPanelOptions): () => void
  /** Asks the wallet to connect, as a dapp would; resolves once it answered. */
  connect(wallet: Wallet): Promise<unknown>
}

/**
 * Mounts a panel and captures its closed shadow root (by spying on attachShadow), which a
 * test needs and the page never gets.
 */
export function mountCapturingRoot(tag: string, mount: () => () => void): MountedPanel {
  const attach = vi.spyOn(HTMLElement.prototype, 'attachShadow')
  const unmount = mount()
  const root = attach.mock.results[0]!.value as ShadowRoot
  attach.mockRestore()
  const host = document.querySelector<HTMLElement>(tag)!
  return {
    unmount,
    root,
    host,
    section: () => root.querySelector('section')!,
    buttons: () => Array.from(root.querySelectorAll('button')),
  }
}

/**
 * The approval panel tests every dev wallet shares (under jsdom): the panel lives in a closed,
 * inline-styled shadow root and unmounts, stays hidden under a scripted policy, and can use an
 * open root or a given target. `own` adds the wallet's own tests, given the mount helper.
 */
export function describeApprovalPanel<Wallet>(
  suite: ApprovalPanelSuite<Wallet>,
  own: (mount: (wallet: Wallet, options?: ApprovalPanelOptions) => MountedPanel) => void,
): void {
  const mount = (wallet: Wallet, options?: ApprovalPanelOptions) =>
    mountCapturingRoot(suite.tag, () => suite.mount(wallet, options))

  describe('mountApprovalPanel', () => {
    afterEach(() => {
      document.body.replaceChildren()
    })

    it('lives in a closed shadow root with the host styled inline, out of the page’s reach, and unmounts', () => {
      const panel = mount(suite.wallet('manual'))
      expect(panel.host.shadowRoot).toBeNull()
      expect(panel.root.mode).toBe('closed')
      expect(panel.host.getAttribute('style')).toContain('position: fixed !important')
      panel.unmount()
      expect(document.querySelector(suite.tag)).toBeNull()
    })

    it('stays hidden under a scripted policy', async () => {
      const wallet = suite.wallet('auto-approve')
      const panel = mount(wallet)
      await suite.connect(wallet)
      expect(panel.section().hidden).toBe(true)
      expect(panel.buttons()).toEqual([])
    })

    it('can use an open root for automation tools, and mounts into a given target', () => {
      const target = document.createElement('div')
      document.body.append(target)
      const panel = mount(suite.wallet('manual'), { shadowMode: 'open' })
      expect(panel.host.shadowRoot).toBe(panel.root)
      const unmount = suite.mount(suite.wallet('manual'), { target })
      expect(target.querySelector(suite.tag)).not.toBeNull()
      unmount()
    })

    own(mount)
  })
}
