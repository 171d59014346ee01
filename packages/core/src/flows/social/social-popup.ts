// The social login's popup (issue 12). It must open synchronously in the visitor's click, or a
// popup blocker stops it, so this small part is in the start-up JS: `latch.connectSocial` opens
// the popup before anything else, and the flow (in the runtime chunk) takes it from there.

/** The popup as core uses it; a browser `Window` is one. */
export interface SocialPopup {
  /** True once the visitor, or core, closed it. */
  readonly closed: boolean
  close(): void
  /** Core sends it on (a blank window to the loading page), which another origin allows. */
  readonly location: { replace(url: string): void }
  /** Core posts the loading page the flow's binding (issue 29), to the server's origin only. */
  postMessage(message: unknown, targetOrigin: string): void
}

/** Opens the popup at `url`; `null` when the browser blocked it (as `window.open` says). */
export type SocialPopupOpener = (url: string) => SocialPopup | null

/** The popup's window name: a second login reuses the window the first one left open. */
export const SOCIAL_POPUP_NAME = 'latch-social'

const WIDTH = 500
const HEIGHT = 640

/**
 * `window.open`, centred over the page. The window is read when called, never at import. The
 * popup keeps its opener: core needs the handle to post it the binding and to see it closed,
 * and the loading page, on the Latch server, takes the binding only from its opener.
 */
export const openSocialWindow: SocialPopupOpener = (url) => {
  const page = globalThis.window
  if (typeof page?.open !== 'function') return null
  const left = Math.max(0, Math.round(page.screenX + (page.outerWidth - WIDTH) / 2))
  const top = Math.max(0, Math.round(page.screenY + (page.outerHeight - HEIGHT) / 2))
  return page.open(
    url,
    SOCIAL_POPUP_NAME,
    `popup,width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`,
  )
}

/** A message the host page heard: who sent it, from which origin, and what. */
export interface PopupMessage {
  source: unknown
  origin: string
  data: unknown
}

/** Listens to the host page's messages; returns how to stop. */
export type PopupMessages = (listener: (message: PopupMessage) => void) => () => void

/** The window's `message` events, read when called (never at import). */
export const windowMessages: PopupMessages = (listener) => {
  const page = globalThis.window
  if (typeof page?.addEventListener !== 'function') return () => undefined
  const heard = (event: MessageEvent) =>
    listener({ source: event.source, origin: event.origin, data: event.data })
  page.addEventListener('message', heard)
  return () => page.removeEventListener('message', heard)
}
