import { useCallback, useRef } from 'react'
import { ANIMATION_MS } from '../theme/theme.js'

// SPEC §9's motion: when the view on show grows or shrinks, the modal's height follows in
// 150 ms instead of jumping. CSS cannot transition `height: auto` to `auto`, so the body is
// measured (a ResizeObserver on the view's wrapper) and the change played as a Web Animation
// from the old height to the new one; nothing stays set on the element once it has played.

/** No size change is animated under reduced motion, nor the first size a view paints with. */
function motionAllowed(element: Element): boolean {
  const view = element.ownerDocument.defaultView
  return !view?.matchMedia?.('(prefers-reduced-motion: reduce)').matches
}

/**
 * A ref for the modal body's content wrapper (its only child): each later change of its height
 * animates the body from the old height to the new, in SPEC §9's 150 ms. Without a
 * ResizeObserver (jsdom, old browsers) it does nothing: the height simply changes.
 */
export function useHeightMotion(): (element: HTMLElement | null) => void {
  const observer = useRef<ResizeObserver | undefined>(undefined)
  return useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect()
    observer.current = undefined
    const body = element?.parentElement
    if (!element || !body || typeof ResizeObserver === 'undefined') return
    let last: number | undefined
    // Heights are the body's own (padding included), measured once the new view laid out and
    // before it painted, so the first frame already shows the old height.
    const watcher = new ResizeObserver(() => {
      const next = body.getBoundingClientRect().height
      const previous = last
      last = next
      // The first size is the open's: it paints at once (issue 16), never from zero.
      if (previous === undefined || previous === next || !motionAllowed(body)) return
      body.animate(
        [
          { height: `${previous}px`, boxSizing: 'border-box', overflow: 'hidden' },
          { height: `${next}px`, boxSizing: 'border-box', overflow: 'hidden' },
        ],
        { duration: ANIMATION_MS.modalHeight, easing: 'ease' },
      )
    })
    watcher.observe(element)
    observer.current = watcher
  }, [])
}
