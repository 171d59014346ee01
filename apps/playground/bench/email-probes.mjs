// The email bench's probes, in the browser: what happened and when, on the clock the page, the
// secure frame and Node share (performance.timeOrigin + now in a document, Date.now() in Node).
// Observed from outside the product's code: its DOM, its clicks and input events, and the
// window messages the host page receives.

/* global window, document, requestAnimationFrame, MutationObserver */

/**
 * An init script for every document of the context (the page on localhost and the secure frame
 * on 127.0.0.1), run before their own scripts. Each event goes to the bench's `__emailBench`
 * binding as `{ kind, at, ... }`:
 * - in the page: `click` (with the clicked text, inside shadow roots too), `input` (the field's
 *   value length), `ready` (a READY window message, with its origin: the frame's handshake, seen
 *   before core's own listener, registered later, sees it), `frame-inserted` (core appended the
 *   frame's host element to the body, so the iframe is connected and its navigation starts) and
 *   `frame-shown` (the frame's dialog opened for an approval, once painted, with the iframe's
 *   `rect` in the page), and `painted` once armed by `window.__emailBenchWatch(selector,
 *   pattern)`;
 * - in the frame: `frame-click`, and `approval-painted` (its Approve button, once painted, with
 *   its `rect` in the frame).
 */
export function installEmailProbes() {
  const now = () => performance.timeOrigin + performance.now()
  const report = (event) => void window.__emailBench({ at: now(), ...event })
  // A message posted from requestAnimationFrame runs right after that frame's paint.
  const afterPaint = (kind, element) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      const { x, y, width, height } = element.getBoundingClientRect()
      channel.port1.onmessage = () => report({ kind, rect: { x, y, width, height } })
      channel.port2.postMessage(null)
    })
  const top = window === window.top
  window.addEventListener(
    'click',
    (event) => {
      const target = event.composedPath()[0]
      const text = target?.textContent?.trim() ?? ''
      report({ kind: top ? 'click' : 'frame-click', text })
    },
    { capture: true },
  )
  if (!top) {
    let shown = false
    new MutationObserver(() => {
      const approve = document.querySelector('[data-testid="latch-approve"]')
      if (Boolean(approve) === shown) return
      shown = Boolean(approve)
      if (approve) afterPaint('approval-painted', approve)
    }).observe(document, { childList: true, subtree: true })
    return
  }
  window.addEventListener(
    'input',
    (event) => report({ kind: 'input', length: event.composedPath()[0]?.value?.length ?? 0 }),
    { capture: true },
  )
  window.addEventListener(
    'message',
    (event) => {
      if (event.data?.type === 'READY') report({ kind: 'ready', origin: event.origin })
    },
    { capture: true },
  )
  // Armed by the bench: `painted` once the text of `selector` (in the page) matches `pattern`.
  window.__emailBenchWatch = (selector, pattern) => {
    const element = document.querySelector(selector)
    if (!element) throw new Error(`No ${selector} in the page`)
    const observer = new MutationObserver(() => {
      if (!new RegExp(pattern).test(element.textContent ?? '')) return
      observer.disconnect()
      afterPaint('painted', element)
    })
    observer.observe(element, { childList: true, characterData: true, subtree: true })
  }
  const watchHolder = (host) => {
    const holder = host.shadowRoot?.querySelector('dialog')
    const iframe = holder?.querySelector('iframe')
    if (!holder || !iframe) return
    new MutationObserver(() => {
      if (holder.open) afterPaint('frame-shown', iframe)
    }).observe(holder, { attributes: true, attributeFilter: ['open'] })
  }
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.nodeType !== 1 || !node.hasAttribute('data-latch-frame-host')) continue
          report({ kind: 'frame-inserted' })
          watchHolder(node)
        }
      }
    }).observe(document.body, { childList: true })
  })
}
