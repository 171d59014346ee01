import * as React from 'react'
import { useState, type ReactNode } from 'react'
import { replaceEqualDeep } from '../hooks/structural-sharing.js'

/** React ≥ 19.2's `<Activity>`; undefined on older React, which then renders only when shown. */
const Activity: typeof React.Activity | undefined = React.Activity

/**
 * Issue 16: the content the next open will show, rendered ahead of it while the modal is closed.
 * Hidden, it is built at React's idle priority, its DOM stays out of layout (`display: none`) and
 * none of its effects run (no subscription, no actor started, no focus taken), so it changes
 * nothing a visitor or a host can observe; shown, it only has to be revealed and its effects
 * mounted. The first open after the page went idle, and every warm open, therefore paint with
 * no render of the views in between. Without `<Activity>` (React before 19.2) nothing is
 * prerendered: the content renders when shown, as it did before.
 */
export function Prerender({ shown, children }: { shown: boolean; children: ReactNode }) {
  if (!Activity) return shown ? children : null
  return <Activity mode={shown ? 'visible' : 'hidden'}>{children}</Activity>
}

/**
 * `value`, kept as the last object handed out while it is deep-equal to it: the route prerendered
 * while closed and the one the open shows are two objects with the same data, and the prerendered
 * view must see the same props to be revealed without rendering again.
 */
export function useStableValue<T>(value: T): T {
  const [kept, setKept] = useState(value)
  const shared = replaceEqualDeep(kept, value)
  // React's "previous render" pattern: settled before the commit, no effect, no extra paint.
  if (shared !== kept) setKept(shared)
  return shared
}
