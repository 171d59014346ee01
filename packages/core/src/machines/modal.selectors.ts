import type { SnapshotFrom } from 'xstate'
import { factsInForce, isCloseDisabled } from '../router/open-rules.js'
import type { Route } from '../router/routes.js'
import type { modalMachine } from './modal.machine.js'

export type ModalSnapshot = SnapshotFrom<typeof modalMachine>

/** The view shown (the top of the history). */
export function selectRoute(snapshot: ModalSnapshot): Route {
  const { history } = snapshot.context
  return history[history.length - 1]!
}

/** SPEC §3 "Modal state": loading, open, shake, namespace. */
export function selectModalState(snapshot: ModalSnapshot) {
  return {
    open: snapshot.matches({ visibility: 'open' }),
    shake: snapshot.matches({ shake: 'shaking' }),
    loading: snapshot.context.loading,
    namespace: snapshot.context.namespace,
  }
}

export function selectCanGoBack(snapshot: ModalSnapshot): boolean {
  return snapshot.context.history.length > 1
}

export function selectIsCloseDisabled(snapshot: ModalSnapshot): boolean {
  return isCloseDisabled(factsInForce(snapshot.context))
}
