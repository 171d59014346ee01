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
