import { useSelector } from './useSelector.js'

/** What the hook reads: an actor, or anything with its two methods. */
interface Readable<TSnapshot> {
  getSnapshot(): TSnapshot
  subscribe(listener: () => void): { unsubscribe(): void }
}

/** Stands in for an actor not there (no run on show, an instance not running yet). */
const none: Readable<undefined> = {
  getSnapshot: () => undefined,
  subscribe: () => ({ unsubscribe: () => undefined }),
}

/**
 * A value selected from a child actor of the instance that may not exist (a flow's run, which
 * lives while its view is on show; a flow's actor, spawned once the instance runs): the selector
 * gets `undefined` then. Re-renders when the child's snapshot gives another value, and when the
 * child itself comes, goes or is replaced.
 */
export function useChildSelector<TSnapshot, T>(
  actor: Readable<TSnapshot> | undefined,
  selector: (snapshot: TSnapshot | undefined) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const readable: Readable<TSnapshot | undefined> = actor ?? none
  return useSelector(readable, selector, compare)
}
