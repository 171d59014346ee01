import type { ApprovalQueueState } from './approval-queue.js'

export interface ApprovalPanelOptions {
  /** Where the panel's host element is appended; `document.body` by default. */
  target?: HTMLElement
  /**
   * 'closed' (the default) keeps the page's scripts out as well as its CSS. 'open' lets
   * browser-automation tools that cannot pierce closed roots find the buttons.
   */
  shadowMode?: ShadowRootMode
}

/** What tells one wallet's panel from another's. */
export interface ApprovalPanelLabels {
  /** The host element's tag name (a custom element name: it must contain a hyphen). */
  tag: string
  /** The wallet's name, as the heading and the region's accessible name show it. */
  name: string
}

/** The wallet side the panel drives; each wallet maps its own control names onto it. */
export interface ApprovalPanelSource {
  state(): ApprovalQueueState
  subscribe(listener: (state: ApprovalQueueState) => void): () => void
  approve(id: string): boolean
  reject(id: string): boolean
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

/**
 * Mounts the approval panel: pending requests with Approve and Reject buttons, in a shadow root
 * so the host page's CSS cannot reach it. It shows only in manual mode with something pending.
 * Returns the unmount function.
 */
export function mountApprovalPanelFor(
  source: ApprovalPanelSource,
  labels: ApprovalPanelLabels,
  options: ApprovalPanelOptions = {},
): () => void {
  const target = options.target ?? document.body
  const doc = target.ownerDocument
  const host = doc.createElement(labels.tag)
  host.setAttribute('style', HOST_STYLE)
  const root = host.attachShadow({ mode: options.shadowMode ?? 'closed' })

  const style = doc.createElement('style')
  style.textContent = PANEL_CSS
  const section = doc.createElement('section')
  section.setAttribute('role', 'region')
  section.setAttribute('aria-label', `${labels.name} approvals`)
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

  const render = ({ approval, pending }: ApprovalQueueState) => {
    section.hidden = approval !== 'manual' || pending.length === 0
    heading.textContent = `${labels.name}: ${pending.length} pending`
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
          button('Approve', request.method, 'approve', () => source.approve(request.id)),
          button('Reject', request.method, 'reject', () => source.reject(request.id)),
        )
        return item
      }),
    )
  }

  render(source.state())
  const unsubscribe = source.subscribe(render)
  target.append(host)
  return () => {
    unsubscribe()
    host.remove()
  }
}
