// The frame's own approval UI (issue 17): an unsafe request (a signature, a transaction) waits
// here for the visitor's click. The host only shows the iframe (the ApproveTransaction view); its
// scripts cannot reach into this document, another origin's, so they cannot click for the user.
// What they can still do is arrange what the visitor sees and does around the prompt, so
// Approve takes nothing it did not get on purpose: it is enabled only once the prompt has been
// fully visible for APPROVE_DELAY_MS (visibility.ts), and the focus starts on Decline, so a
// stray Enter or Space declines. Plain DOM: two buttons and what is asked, drawn as text (never
// as HTML).

import { frameMessages as m } from './messages.js'
import { APPROVE_DELAY_MS, watchVisibility } from './visibility.js'

/** One labelled fact of a request: the network, the contract, the type… */
export interface ApprovalField {
  label: string
  value: string
}

/** What the visitor is asked to approve. */
export interface ApprovalRequest {
  /** The request id (the host's FRAME_APPROVAL_REQUESTED names it). */
  id: string
  method: string
  /** A short title: 'Sign message', 'Send transaction'. */
  title: string
  /** What the request is about, a row each. */
  fields?: readonly ApprovalField[]
  /** What will be signed or sent, as text, under its label. */
  details?: ApprovalField
}

/** Asks the visitor; resolves true (approved) or false (declined, or cancelled by `signal`). */
export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<boolean>

/** The host's app, shown so the visitor knows who asks (SYNC_DAPP_DATA). */
export interface DappInfo {
  name?: string
  url?: string
}

function text<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, content: string) {
  const element = doc.createElement(tag)
  element.textContent = content
  return element
}

function button(doc: Document, label: string, testId: string): HTMLButtonElement {
  const element = text(doc, 'button', label)
  element.type = 'button'
  element.dataset.testid = testId
  return element
}

/** The request's rows, as a description list (each value as text). */
function fieldList(doc: Document, fields: readonly ApprovalField[]): HTMLDListElement {
  const list = doc.createElement('dl')
  list.className = 'latch-approval-fields'
  for (const field of fields) {
    const row = doc.createElement('div')
    row.append(text(doc, 'dt', field.label), text(doc, 'dd', field.value))
    list.append(row)
  }
  return list
}

/**
 * Approve's gate: enabled APPROVE_DELAY_MS after `root` became fully visible, disabled again (and
 * the wait starting over) whenever it stops being. The focus is put on Decline when the prompt
 * shows, and taken back there if Approve is disabled under it.
 */
function gate(root: HTMLElement, approve: HTMLButtonElement, decline: HTMLButtonElement) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const doc = root.ownerDocument
  const disable = () => {
    clearTimeout(timer)
    timer = undefined
    if (doc.activeElement === approve || !root.contains(doc.activeElement)) decline.focus()
    approve.disabled = true
  }
  // The frame may draw the prompt before the host shows its iframe, when nothing in it can take
  // the focus: it goes to Decline again when the frame gets the focus (the host focuses the
  // iframe as it shows it) and when the prompt is seen, unless the visitor moved it.
  const focusDecline = () => {
    if (!root.contains(doc.activeElement)) decline.focus()
  }
  approve.disabled = true
  decline.focus()
  doc.defaultView?.addEventListener('focus', focusDecline)
  const stop = watchVisibility(root, (visible) => {
    if (!visible) return disable()
    focusDecline()
    if (approve.disabled && timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined
        approve.disabled = false
      }, APPROVE_DELAY_MS)
    }
  })
  return {
    ready: () => !approve.disabled,
    stop: () => {
      clearTimeout(timer)
      doc.defaultView?.removeEventListener('focus', focusDecline)
      stop()
    },
  }
}

/** The approval UI in `root` (the page's `#approval`), one request at a time. */
export function domApprover(root: HTMLElement, dapp: () => DappInfo): Approver {
  let queue: Promise<unknown> = Promise.resolve()
  const ask = (request: ApprovalRequest, signal: AbortSignal) =>
    new Promise<boolean>((resolve) => {
      if (signal.aborted) return resolve(false)
      const doc = root.ownerDocument
      const info = dapp()
      const from = text(doc, 'p', info.name ? m.requestedBy(info.name, info.url) : '')
      from.className = 'latch-approval-origin'
      const parts: HTMLElement[] = [text(doc, 'h1', request.title), from]
      if (request.fields?.length) parts.push(fieldList(doc, request.fields))
      if (request.details) {
        const label = text(doc, 'p', request.details.label)
        label.className = 'latch-approval-label'
        parts.push(label, text(doc, 'pre', request.details.value))
      }
      const approve = button(doc, m.approve, 'latch-approve')
      const decline = button(doc, m.decline, 'latch-decline')
      const actions = doc.createElement('div')
      actions.className = 'latch-approval-actions'
      actions.append(decline, approve)
      root.replaceChildren(...parts, actions)
      root.setAttribute('role', 'dialog')
      root.setAttribute('aria-label', request.title)
      root.hidden = false
      const gated = gate(root, approve, decline)
      const settle = (approved: boolean) => {
        signal.removeEventListener('abort', onAbort)
        gated.stop()
        root.hidden = true
        root.replaceChildren()
        resolve(approved)
      }
      const onAbort = () => settle(false)
      signal.addEventListener('abort', onAbort, { once: true })
      // Only a trusted click (a person's, not a script's dispatchEvent) approves, and only once
      // the gate opened (a disabled button gets no click; this says so again).
      approve.addEventListener('click', (event) => event.isTrusted && gated.ready() && settle(true))
      decline.addEventListener('click', () => settle(false), { once: true })
    })
  return (request, signal) => {
    const next = queue.then(() => ask(request, signal))
    queue = next.catch(() => undefined)
    return next
  }
}
