import { socialBindMessageSchema } from '../api/social.js'
import { SOCIAL_POPUP_PATH } from '../api/social-paths.js'
import type { SocialPopup, SocialPopupOpener } from '../flows/social/social-popup.js'

/** A flow's browser binding, as a scripted frame answers GET_SOCIAL_REDIRECT_URI with it. */
export const TEST_SOCIAL_BINDING = 'c29jaWFsLWJpbmRpbmctb2YtYS10ZXN0LWZsb3ctMDA'

/** A message core posted to a popup, and the origin it was posted to. */
export interface PostedMessage {
  message: unknown
  targetOrigin: string
}

/**
 * A popup window in memory: where it went, what it was posted, and who closed it. It plays the
 * Latch server's loading page (issue 29): posted a binding, to the page's own origin, while on
 * it, it goes on to the binding's provider URL, as the page does once the server bound it.
 */
export interface FakePopup extends SocialPopup {
  /** Every URL it showed: the one it opened on, then where core or its page sent it. */
  readonly urls: string[]
  /** Every message core posted it. */
  readonly messages: PostedMessage[]
  /** Who closed it, once closed. */
  readonly closedBy: 'core' | 'visitor' | undefined
  /** The visitor closes it. */
  closeByVisitor(): void
}

/** The origin a URL is on; `null` for a blank window (which no origin matches). */
const originOf = (url: string | undefined) => {
  try {
    return url === undefined ? null : new URL(url).origin
  } catch {
    return null
  }
}

export function fakePopup(url: string): FakePopup {
  const urls = [url]
  const messages: PostedMessage[] = []
  let closedBy: FakePopup['closedBy']
  return {
    urls,
    messages,
    postMessage(message, targetOrigin) {
      if (closedBy !== undefined) return
      messages.push({ message, targetOrigin })
      const at = urls.at(-1)
      const page = at !== undefined && new URL(at, 'about:blank').pathname === SOCIAL_POPUP_PATH
      const bind = socialBindMessageSchema.safeParse(message)
      if (page && originOf(at) === targetOrigin && bind.success) urls.push(bind.data.uri)
    },
    get closed() {
      return closedBy !== undefined
    },
    get closedBy() {
      return closedBy
    },
    close() {
      closedBy ??= 'core'
    },
    closeByVisitor() {
      closedBy ??= 'visitor'
    },
    location: { replace: (next: string) => void urls.push(next) },
  }
}

/**
 * `window.open` in memory: each call opens a {@link FakePopup}, or, after `block()`, returns
 * null as a popup blocker makes it.
 */
export function fakeOpener() {
  const popups: FakePopup[] = []
  let blocked = 0
  const open: SocialPopupOpener = (url) => {
    if (blocked > 0) {
      blocked -= 1
      return null
    }
    const popup = fakePopup(url)
    popups.push(popup)
    return popup
  }
  return {
    open,
    popups,
    /** The next `times` calls are blocked. */
    block: (times = 1) => {
      blocked += times
    },
    /** Popups not closed yet. */
    stillOpen: () => popups.filter((popup) => !popup.closed),
  }
}
