import type { ModalEvent } from '../machines/modal.machine.js'
import { selectModalState, selectRoute, type ModalSnapshot } from '../machines/modal.selectors.js'
import type { Route, ViewName } from '../router/routes.js'

/**
 * How a flow of several views moves to its next step: over one of its own views it replaces
 * (Back then leaves the flow at once, as SPEC §2's history wants), from any other it pushes (the
 * view it started from stays one Back away; a closed modal opens).
 */
export function showStep(
  modal: ModalSnapshot,
  next: Route,
  views: readonly ViewName[],
): ModalEvent {
  const shown = selectModalState(modal).open ? selectRoute(modal).view : undefined
  return shown && views.includes(shown)
    ? { type: 'REPLACE', route: next }
    : { type: 'PUSH', route: next }
}
