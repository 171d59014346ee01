import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { trapFocus } from './focus-trap.js'

export interface DialogProps {
  open: boolean
  labelledBy: string
  shake?: boolean
  /** Escape, a backdrop click or the close button: the machine decides if closing is allowed. */
  onRequestClose(): void
  children: ReactNode
}

/** The element that has focus, looking inside shadow roots (the opener may live in one). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : null
}

/**
 * A WAI-ARIA modal dialog on the native <dialog>: showModal() gives role=dialog, aria-modal and
 * an inert background; `trapFocus` keeps Tab and Shift+Tab inside (the native one lets Tab reach
 * the browser's own UI), and focus returns to the opener on close. The children stay mounted
 * while it is closed (a closed <dialog> is `display: none`: nothing in it is seen, announced or
 * focusable), so content can be prepared there before an open (issue 16, see Prerender).
 */
export function Dialog({ open, labelledBy, shake, onRequestClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const releaseTrap = useRef<(() => void) | null>(null)
  const opener = useRef<HTMLElement | null>(null)

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = deepActiveElement()
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
      // Focus moves to the first control, or to the dialog while a lazy view is still loading.
      releaseTrap.current = trapFocus(dialog)
    } else if (!open && dialog.open) {
      releaseTrap.current?.()
      releaseTrap.current = null
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
      opener.current?.focus()
    }
  }, [open])

  useLayoutEffect(() => () => releaseTrap.current?.(), [])

  return (
    <dialog
      ref={ref}
      className="latch-dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      data-shake={shake ? 'true' : 'false'}
      tabIndex={-1}
      onCancel={(event) => {
        event.preventDefault()
        onRequestClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onRequestClose()
      }}
    >
      {children}
    </dialog>
  )
}
