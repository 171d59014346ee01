import { useCallback } from 'react'

// Focus where the task is (issue 37): a view marks the control its task starts at (the code
// field on Confirm email, the amount on Send, the search on AllWallets), and focus lands there
// when the view shows, whether it painted with the open or loaded after it. The heading stays
// the dialog's label; a view with no such control gets the heading's focus, as before.

/** The attribute that marks a view's task control. */
export const TASK_ATTRIBUTE = 'data-latch-task'

/** The task control of the view on show in `dialog`, if it has one (and it can take focus). */
export function taskControl(dialog: ParentNode): HTMLElement | undefined {
  const control = dialog.querySelector<HTMLElement>(`[${TASK_ATTRIBUTE}]`)
  return control && !control.matches(':disabled') ? control : undefined
}

/**
 * Whether focus is still where the modal put it (the dialog, or its header: the heading, Back,
 * Close): then a task control that mounts late (a lazy view) may take it. Never from a control
 * of the view the visitor is on.
 */
function focusIsTheModals(element: HTMLElement): boolean {
  const dialog = element.closest('dialog')
  if (!dialog?.open) return false
  const root = element.getRootNode()
  const active = root instanceof ShadowRoot || root instanceof Document ? root.activeElement : null
  // The dialog's first control on open is the header's (Back, Close) while a lazy view loads.
  return active === null || active === dialog || active.closest('.latch-header') !== null
}

/**
 * Props for a view's task control: `<input {...useTaskFocus()} />`. A control that mounts while
 * the modal holds focus takes it; the modal gives it focus on open and on each view change.
 */
export function useTaskFocus(): {
  ref: (element: HTMLElement | null) => void
  [TASK_ATTRIBUTE]: ''
} {
  const ref = useCallback((element: HTMLElement | null) => {
    if (element && focusIsTheModals(element)) element.focus()
  }, [])
  return { ref, [TASK_ATTRIBUTE]: '' }
}
