import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { modalLoader } from '../modal/lazy-modal.js'

/** Walks up through shadow roots too: a display:none host hides its whole tree. */
function isDisplayed(element: Element): boolean {
  const parent = element.parentElement ?? (element.getRootNode() as ShadowRoot).host ?? null
  return getComputedStyle(element).display !== 'none' && (!parent || isDisplayed(parent))
}

// jsdom has no layout, so the modal's focus trap would think every element is hidden. Give
// rendered elements one client rect unless they (or an ancestor) are display:none, as a browser
// would. (The SSR test runs in node, where there is no DOM to patch.)
if (typeof HTMLElement !== 'undefined') {
  Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
    configurable: true,
    value(this: HTMLElement) {
      return (isDisplayed(this) ? [new DOMRect(0, 0, 10, 10)] : []) as unknown as DOMRectList
    },
  })
}

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a lazy view's
// chunk can take longer than that to import. They still fail, just not on a busy machine's pause.
configure({ asyncUtilTimeout: 5_000 })

// On a page the modal is its own chunk, loaded once the page is idle (issue 16). Tests render it as
// a page that has gone idle does: loaded here, every provider draws it on its first render.
// (lazy-modal.test.tsx checks the loading itself, with a loader of its own.)
await modalLoader.load()

// Testing Library unmounts between tests only when told to; vitest has no implicit globals.
afterEach(() => {
  if (typeof document === 'undefined') return
  cleanup()
  document.body.replaceChildren()
})
