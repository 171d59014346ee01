// The frame's own approval UI (issue 17): an unsafe request (a signature, a transaction) waits
// here for the visitor's click. The host only shows the iframe (the ApproveTransaction view); its
// scripts cannot reach into this document, another origin's, so they cannot click for the user.
// Plain DOM: two buttons and what is asked, drawn as text (never as HTML).

/** What the visitor is asked to approve. */
export interface ApprovalRequest {
  /** The request id (the host's FRAME_APPROVAL_REQUESTED names it). */
  id: string
  method: string
  /** A short title: 'Sign message', 'Send transaction'. */
  title: string
  /** What will be signed or sent, as text. */
  details: string
}

/** Asks the visitor; resolves true (approved) or false (declined, or cancelled by `signal`). */
export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<boolean>

/** The host's app, shown so the visitor knows who asks (SYNC_DAPP_DATA). */
export interface DappInfo {
  name?: string
  url?: string
}

/** The approval UI in `root` (the page's `#approval`), one request at a time. */
export function domApprover(root: HTMLElement, dapp: () => DappInfo): Approver {
  let queue: Promise<unknown> = Promise.resolve()
  const ask = (request: ApprovalRequest, signal: AbortSignal) =>
    new Promise<boolean>((resolve) => {
      if (signal.aborted) return resolve(false)
      const doc = root.ownerDocument
      const heading = doc.createElement('h1')
      heading.textContent = request.title
      const from = doc.createElement('p')
      from.className = 'latch-approval-origin'
      const info = dapp()
      from.textContent = info.name
        ? `Requested by ${info.name}${info.url ? ` (${info.url})` : ''}`
        : ''
      const details = doc.createElement('pre')
      details.textContent = request.details
      const approve = doc.createElement('button')
      approve.type = 'button'
      approve.textContent = 'Approve'
      approve.dataset.testid = 'latch-approve'
      const decline = doc.createElement('button')
      decline.type = 'button'
      decline.textContent = 'Decline'
      decline.dataset.testid = 'latch-decline'
      const actions = doc.createElement('div')
      actions.className = 'latch-approval-actions'
      actions.append(decline, approve)
      root.replaceChildren(heading, from, details, actions)
      root.setAttribute('role', 'dialog')
      root.setAttribute('aria-label', request.title)
      root.hidden = false
      approve.focus()
      const settle = (approved: boolean) => {
        signal.removeEventListener('abort', onAbort)
        root.hidden = true
        root.replaceChildren()
        resolve(approved)
      }
      const onAbort = () => settle(false)
      signal.addEventListener('abort', onAbort, { once: true })
      // Only a trusted click (a person's, not a script's dispatchEvent) approves.
      approve.addEventListener('click', (event) => event.isTrusted && settle(true), { once: false })
      decline.addEventListener('click', () => settle(false), { once: true })
    })
  return (request, signal) => {
    const next = queue.then(() => ask(request, signal))
    queue = next.catch(() => undefined)
    return next
  }
}
