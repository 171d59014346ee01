import { FRAME_QUERY_PARAMS } from '../constants.js'
import {
  isOrigin,
  originOf,
  type MessageListenerTarget,
  type PostMessageTarget,
} from '../protocol/windows.js'

/** The parts of the frame's own `window` the endpoint reads (a real `Window` satisfies it). */
export interface FrameWindow extends MessageListenerTarget {
  /** The host page: READY goes to it, and only its messages are accepted. */
  readonly parent: PostMessageTarget
  readonly location: {
    readonly search: string
    /** Chromium and WebKit: the embedding origins, set by the browser (index 0 is the parent). */
    readonly ancestorOrigins?: ArrayLike<string>
  }
  readonly document?: { readonly referrer: string }
}

/** Which host pages may embed the frame: exact origins, or a predicate (for wildcard rules). */
export type AllowedParentOrigins = readonly string[] | ((origin: string) => boolean)

/**
 * The parent's origin as the frame can learn it: what the browser reports
 * (`location.ancestorOrigins[0]`), what the host says (the `parentOrigin` query parameter) and the
 * referrer's origin. Each that is present must agree with the others, else there is no answer.
 *
 * None of them has to be trusted: READY is posted with this origin as its exact target, so if
 * the real parent is another origin, the browser does not deliver it and the host never gets a
 * port. The check against the allow-list then decides whether READY is sent at all.
 */
export function readParentOrigin(win: FrameWindow): string | undefined {
  const reported = win.location.ancestorOrigins?.[0]
  const told = new URLSearchParams(win.location.search).get(FRAME_QUERY_PARAMS.parentOrigin)
  const referrer = win.document?.referrer ? originOf(win.document.referrer) : undefined
  const present = [reported, told ?? undefined, referrer].filter(
    (value): value is string => value !== undefined && value !== '',
  )
  const [first] = present
  if (first === undefined || !isOrigin(first)) return undefined
  return present.every((value) => value === first) ? first : undefined
}

/** Whether `origin` may embed the frame. */
export function isAllowedParent(origin: string, allowed: AllowedParentOrigins): boolean {
  return typeof allowed === 'function' ? allowed(origin) : allowed.includes(origin)
}
