// Keeps Tab and Shift+Tab inside the open dialog. showModal() already makes the page behind it
// inert, so focus can only leave the dialog towards the browser's own UI: after the last control
// (Tab) or before the first (Shift+Tab). Those two moves are wrapped around; every other Tab is
// left to the browser, which already walks the dialog in order. A few lines instead of a library
// (focus-trap + tabbable were 6 KiB of every host's start-up JavaScript).

/** Elements that can take part in sequential focus navigation, before the checks below. */
const CANDIDATES = [
  'a[href]',
  'area[href]',
  'button',
  'input',
  'select',
  'textarea',
  'iframe',
  'summary',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]',
  '[tabindex]',
].join(',')

/** Whether `element` is rendered: `checkVisibility` where there is one, else a layout box. */
function isVisible(element: HTMLElement): boolean {
  if (typeof element.checkVisibility === 'function') {
    return element.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true })
  }
  return element.getClientRects().length > 0
}

function isTabbable(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[inert]')) {
    return false
  }
  if (element instanceof HTMLInputElement) {
    if (element.type === 'hidden') return false
    // In a radio group only the checked radio is in the Tab order (the arrows move inside it).
    if (element.type === 'radio' && !element.checked && element.name !== '') {
      const group = element.form?.elements.namedItem(element.name)
      const radios = group instanceof RadioNodeList ? [...group] : []
      if (radios.some((radio) => radio instanceof HTMLInputElement && radio.checked)) return false
    }
  }
  return isVisible(element)
}

/**
 * The controls Tab reaches inside `container`, in document order. Positive tabindex values are
 * not reordered: no Latch view uses them.
 */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(CANDIDATES)].filter(isTabbable)
}

/** The focused element in `node`'s own tree (a shadow root has its own activeElement). */
function activeIn(node: Node): Element | null {
  const root = node.getRootNode() as Document | ShadowRoot
  return root.activeElement ?? null
}

const follows = (reference: Node, other: Node) =>
  Boolean(reference.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING)
const precedes = (reference: Node, other: Node) =>
  Boolean(reference.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_PRECEDING)

/**
 * The first control, or the dialog itself while it has none (a lazy view still loading). Checks
 * candidates only until one is tabbable: this runs in every open's click (issue 16).
 */
function focusFirst(dialog: HTMLElement): void {
  for (const candidate of dialog.querySelectorAll<HTMLElement>(CANDIDATES)) {
    if (isTabbable(candidate)) return candidate.focus()
  }
  dialog.focus()
}

/**
 * Traps focus in `dialog` (which must be focusable, e.g. tabindex=-1) until the returned function
 * is called: focus moves in at once, to the first control; Tab past the last control comes back
 * to the first, Shift+Tab before the first goes to the last; and when the focused control is
 * removed (a view changes under it), focus goes back to the first control instead of <body>.
 */
export function trapFocus(dialog: HTMLElement): () => void {
  let lastFocused: Element | null = null

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return
    const items = tabbableIn(dialog)
    const active = activeIn(dialog) ?? dialog
    const first = items[0]
    const last = items[items.length - 1]
    if (first === undefined || last === undefined) {
      event.preventDefault()
      dialog.focus()
      return
    }
    // Wrap only when the browser would take focus out of the dialog: nothing follows (Tab) or
    // precedes (Shift+Tab) the focused element. From the title or the dialog itself, Tab moves
    // on in document order like any other.
    if (event.shiftKey) {
      if (!items.some((item) => precedes(active, item))) {
        event.preventDefault()
        last.focus()
      }
    } else if (!items.some((item) => follows(active, item))) {
      event.preventDefault()
      first.focus()
    }
  }

  const onFocusIn = () => {
    lastFocused = activeIn(dialog)
  }

  const observer =
    typeof MutationObserver === 'function'
      ? new MutationObserver((mutations) => {
          const focused = lastFocused
          if (focused === null || !dialog.isConnected) return
          const removed = mutations.some((mutation) =>
            [...mutation.removedNodes].some((node) => node === focused || node.contains(focused)),
          )
          if (removed && !dialog.contains(activeIn(dialog))) focusFirst(dialog)
        })
      : undefined

  dialog.addEventListener('keydown', onKeyDown)
  dialog.addEventListener('focusin', onFocusIn)
  observer?.observe(dialog, { childList: true, subtree: true })
  focusFirst(dialog)
  lastFocused = activeIn(dialog)

  return () => {
    dialog.removeEventListener('keydown', onKeyDown)
    dialog.removeEventListener('focusin', onFocusIn)
    observer?.disconnect()
  }
}
