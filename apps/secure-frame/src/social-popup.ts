import { runPopupPage, type PopupPageState } from './social-popup-page.js'
import './social-popup.css'

// The popup page's entry: social-popup-page.ts on the real window.

function show(state: PopupPageState): void {
  for (const section of document.querySelectorAll<HTMLElement>('[data-state]')) {
    section.hidden = section.dataset.state !== state
  }
  document.title = document.querySelector(`[data-state="${state}"] h1`)?.textContent ?? ''
  const spinner = document.querySelector<HTMLElement>('.latch-spinner')
  if (spinner) spinner.hidden = state !== 'connecting'
}

/** A URL's origin; undefined for none (no referrer) or an opaque one. */
function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

// The app's window (another origin's: the page only posts to it and compares it).
const opener: Window | null = window.opener ?? null
runPopupPage({
  opener,
  openerOrigin: originOf(document.referrer),
  origin: location.origin,
  listen(handler) {
    const listener = (event: MessageEvent) =>
      handler({ source: event.source, origin: event.origin, data: event.data })
    window.addEventListener('message', listener)
    return () => window.removeEventListener('message', listener)
  },
  fetch: (input, init) => fetch(input, init),
  show,
  go: (uri) => location.replace(uri),
})
