/**
 * The longest a warm-up waits for an idle moment once Latch runs on a page (issue 16): late
 * enough to stay out of the page's own start, early enough to be done before a visitor's first
 * click. Every warm-up uses it (the wallet lists' data in core, the modal's chunk in
 * `@latch/react`), so they share one rule.
 */
export const WARM_UP_IDLE_MS = 1_000

/**
 * Runs `task` once the page is idle (`requestIdleCallback`, given at most `timeoutMs`), or after
 * `timeoutMs` where there is no idle callback (Node, older Safari). Returns the cancel. Read at
 * call time, never at import: core touches no DOM API when it loads.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  const idle = globalThis.requestIdleCallback
  if (typeof idle === 'function') {
    const handle = idle(task, { timeout: timeoutMs })
    return () => globalThis.cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, timeoutMs)
  return () => clearTimeout(handle)
}

/**
 * Work a running Latch does ahead of the first open, once the page is idle (at most
 * {@link WARM_UP_IDLE_MS}): what the first open would otherwise wait for. Returns the cancel.
 */
export function warmUpWhenIdle(task: () => void): () => void {
  return whenIdle(task, WARM_UP_IDLE_MS)
}
