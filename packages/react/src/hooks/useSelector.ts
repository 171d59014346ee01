import { useCallback, useState, useSyncExternalStore } from 'react'
import { replaceEqualDeep } from './structural-sharing.js'

/** What a selector hook reads: an xstate actor, or anything with its two methods. */
interface Readable<TSnapshot> {
  getSnapshot(): TSnapshot
  subscribe(listener: () => void): { unsubscribe(): void }
}

/** The snapshot type of an actor, as xstate's own `getSnapshot` says. */
type SnapshotOf<TActor> = TActor extends Readable<infer TSnapshot> ? TSnapshot : never

/** Given the last selection and a new one, which to hand out. */
type Keep<T> = (previous: T, next: T) => T

/**
 * Remembers the last selection. It is computed again only for a new snapshot or a new selector,
 * and `keep` decides whether the new result replaces the last one: React then sees the same
 * value while the data is the same (`useSyncExternalStore` compares with `Object.is`).
 */
function createSelection() {
  let snapshot: unknown
  let selector: unknown
  let selection: unknown
  let selected = false
  return <TSnapshot, T>(current: TSnapshot, select: (s: TSnapshot) => T, keep: Keep<T>): T => {
    if (selected && current === snapshot && select === selector) return selection as T
    const next = select(current)
    selection = selected ? keep(selection as T, next) : next
    snapshot = current
    selector = select
    selected = true
    return selection as T
  }
}

function useSelection<TActor extends Readable<unknown>, T>(
  actor: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  keep: Keep<T>,
): T {
  // One per component instance, kept across renders; state, not a ref, since it is read while
  // rendering.
  const [selection] = useState(createSelection)
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    [actor],
  )
  const read = () => selection(actor.getSnapshot() as SnapshotOf<TActor>, selector, keep)
  return useSyncExternalStore(subscribe, read, read)
}

/**
 * A value selected from an actor's snapshot, re-rendering only when it changes (`compare`,
 * `Object.is` by default). Built on React's own `useSyncExternalStore`, so a host's bundle gets
 * no compatibility shim for React 17 (as @xstate/react's `useSelector` would bring).
 */
export function useSelector<TActor extends Readable<unknown>, T>(
  actor: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  return useSelection(actor, selector, (previous, next) =>
    compare(previous, next) ? previous : next,
  )
}

/**
 * {@link useSelector} with structural sharing (see replaceEqualDeep): a result deep-equal to the
 * last one is the last object itself, and a changed one keeps the identity of its unchanged
 * parts. For selectors that build objects or arrays from a snapshot; never for a whole snapshot.
 */
export function useSharedSelector<TActor extends Readable<unknown>, T>(
  actor: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
): T {
  return useSelection(actor, selector, replaceEqualDeep)
}
