import type { ApprovalState, DevWallet } from './types.js'

/** The panel's host element's tag name. */
export const PANEL_TAG = 'latch-dev-wallet-panel'

export interface ApprovalPanelOptions {
  /** Where the panel's host element is appended; `document.body` by default. */
  target?: HTMLElement
  /**
   * 'closed' (the default) keeps the page's scripts out as well as its CSS. 'open' lets
   * browser-automation tools that cannot pierce closed roots find the buttons.
   */
  shadowMode?: ShadowRootMode
}

// Inline and !important: the only way to beat a host page's own !important rules on the host.
const HOST_STYLE = [
  'all: initial',
  'position: fixed',
  'right: 16px',
  'bottom: 16px',
  'z-index: 2147483647',
]
  .map((rule) => `${rule} !important`)
  .join('; ')

const PANEL_CSS = `
  section { font: 13px/1.4 system-ui, sans-serif; color: #111827; background: #fff;
    border: 1px solid #d1d5db; border-radius: 10px; box-shadow: 0 8px 24px rgb(0 0 0 / 18%);
    width: 320px; max-height: 60vh; overflow: auto; padding: 12px; box-sizing: border-box; }
  section[hidden] { display: none; }
  h2 { font-size: 13px; margin: 0 0 8px; }
  ul { list-style: none; margin: 0; padding: 0; }
  li { border-top: 1px solid #e5e7eb; padding: 8px 0; }
  code { font: 12px ui-monospace, monospace; display: block; }
  p { margin: 4px 0 8px; overflow-wrap: anywhere; color: #374151; }
  button { font: inherit; border-radius: 6px; padding: 4px 12px; cursor: pointer;
    border: 1px solid #d1d5db; background: #f9fafb; color: #111827; margin-right: 8px; }
  button.approve { background: #166534; border-color: #166534; color: #fff; }
`

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
  const target = options.target ?? document.body
  const doc = target.ownerDocument
  const host = doc.createElement(PANEL_TAG)
  host.setAttribute('style', HOST_STYLE)
  const root = host.attachShadow({ mode: options.shadowMode ?? 'closed' })

  const style = doc.createElement('style')
  style.textContent = PANEL_CSS
  const section = doc.createElement('section')
  section.setAttribute('role', 'region')
  section.setAttribute('aria-label', 'Latch Dev Wallet approvals')
  const heading = doc.createElement('h2')
  const list = doc.createElement('ul')
  section.append(heading, list)
  root.append(style, section)

  const button = (label: string, method: string, className: string, onClick: () => void) => {
    const element = doc.createElement('button')
    element.type = 'button'
    element.className = className
    element.textContent = label
    element.setAttribute('aria-label', `${label} ${method}`)
    element.addEventListener('click', onClick)
    return element
  }

  const render = ({ approval, pending }: ApprovalState) => {
    section.hidden = approval !== 'manual' || pending.length === 0
    heading.textContent = `Latch Dev Wallet: ${pending.length} pending`
    // textContent only: summaries carry dapp-chosen text, which must never become markup.
    list.replaceChildren(
      ...pending.map((request) => {
        const item = doc.createElement('li')
        const method = doc.createElement('code')
        method.textContent = request.method
        const summary = doc.createElement('p')
        summary.textContent = request.summary
        item.append(
          method,
          summary,
          button('Approve', request.method, 'approve', () => wallet.approve(request.id)),
          button('Reject', request.method, 'reject', () => wallet.reject(request.id)),
        )
        return item
      }),
    )
  }

  render({ approval: wallet.approvalMode(), pending: wallet.pending() })
  const unsubscribe = wallet.subscribe(render)
  target.append(host)
  return () => {
    unsubscribe()
    host.remove()
  }
}
