/**
 * The longest the start-up I/O waits for the page's first paint (issue 16): a page loaded in a
 * background tab gets no animation frame, and its session must still be restored.
 */
export const AFTER_PAINT_FALLBACK_MS = 100

/**
 * Resolves once the browser has painted the frame that follows this call (an animation frame,
 * then a task after it), or after {@link AFTER_PAINT_FALLBACK_MS} when no frame comes; at once
 * where there is no `requestAnimationFrame` (Node). Why: the start-up I/O (the runtime chunk's
 * import and the `<link rel="modulepreload">` a bundler adds for it) then runs after the connect
 * button is on screen, not before it. Read at call time, never at import.
 */
export function afterNextPaint(): Promise<void> {
  const frame = globalThis.requestAnimationFrame
  if (typeof frame !== 'function') return Promise.resolve()
  return new Promise((resolve) => {
    const fallback = setTimeout(done, AFTER_PAINT_FALLBACK_MS)
    const handle = frame(() => setTimeout(done, 0))
    function done() {
      clearTimeout(fallback)
      globalThis.cancelAnimationFrame?.(handle)
      resolve()
    }
  })
}
