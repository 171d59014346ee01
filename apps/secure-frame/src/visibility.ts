// Whether the visitor can really see the approval prompt. The host page decides where the iframe
// goes and what is drawn over it, so a page could cover the prompt with its own (a fake request,
// a game) and bait a click onto Approve. The frame cannot see the host's page, but the browser
// can tell it, through IntersectionObserver, whether its prompt is on screen and unobscured.

/**
 * How long Approve stays disabled once the prompt is fully visible, counted again each time it
 * stops being so: 750 ms. Longer than the double-click interval (500 ms, the desktop default;
 * Chromium's own permission prompts ignore clicks for that long after showing) plus a person's
 * reaction time to something appearing (~250 ms), so the second click of a double-click, or a
 * click the host baited onto the spot where the prompt then appears, lands while Approve cannot
 * take it. Short enough that someone who reads the request never waits for the button.
 */
export const APPROVE_DELAY_MS = 750

/**
 * IntersectionObserver v2 works out occlusion at most this often: 100 ms is the least it
 * accepts with `trackVisibility`, and it is well within {@link APPROVE_DELAY_MS}.
 */
const VISIBILITY_SAMPLE_MS = 100

/**
 * How much of the prompt must be on screen: all of it. The threshold is a hair under 1 so that a
 * box with a fractional size (a zoomed page) can still reach it; nothing a line of text needs can
 * hide in that hair (1% of the prompt's height is under 4 px).
 */
export const FULLY_VISIBLE_RATIO = 0.99

/** Calls `onChange` with whether `target` is fully visible, each time that may have changed. */
export type VisibilityWatch = (target: Element, onChange: (visible: boolean) => void) => () => void

/** IntersectionObserver v2's options (Chromium), which TypeScript's DOM types do not name yet. */
interface VisibilityObserverInit extends IntersectionObserverInit {
  trackVisibility?: boolean
  delay?: number
}

/**
 * The browser's verdict on `target`: on screen (IntersectionObserver: all of it inside the top
 * page's viewport, not clipped by the iframe or the page) and, where the browser has
 * IntersectionObserver v2 (`isVisible`), not covered by anything, not faded, filtered or
 * transformed by the page. Elsewhere the on-screen check and the page's `visibilityState` are all
 * there is (see docs/security.md). Without IntersectionObserver at all, nothing is ever visible:
 * Approve stays disabled, and Decline still works.
 */
export const watchVisibility: VisibilityWatch = (target, onChange) => {
  const doc = target.ownerDocument
  const Observer = doc.defaultView?.IntersectionObserver
  if (!Observer) return () => undefined
  let onScreen = false
  const report = () => onChange(onScreen && doc.visibilityState === 'visible')
  const init: VisibilityObserverInit = {
    threshold: [0, FULLY_VISIBLE_RATIO, 1],
    trackVisibility: true,
    delay: VISIBILITY_SAMPLE_MS,
  }
  const observer = new Observer((entries) => {
    const entry = entries[entries.length - 1]
    if (!entry) return
    // v2 browsers have `isVisible` on every entry; with `trackVisibility` it is true only when
    // the browser is sure nothing covers or alters the target.
    const unobscured = 'isVisible' in entry ? entry.isVisible === true : true
    onScreen = entry.isIntersecting && entry.intersectionRatio >= FULLY_VISIBLE_RATIO && unobscured
    report()
  }, init)
  observer.observe(target)
  doc.addEventListener('visibilitychange', report)
  return () => {
    observer.disconnect()
    doc.removeEventListener('visibilitychange', report)
  }
}
