import type { SocialPopup, SocialPopupOpener } from '../flows/social/social-popup.js'

/** A popup window in memory: where it was sent, and who closed it. */
export interface FakePopup extends SocialPopup {
  /** Every URL it showed: the one it opened on, then where core sent it. */
  readonly urls: string[]
  /** Who closed it, once closed. */
  readonly closedBy: 'core' | 'visitor' | undefined
  /** The visitor closes it. */
  closeByVisitor(): void
}

export function fakePopup(url: string): FakePopup {
  const urls = [url]
  let closedBy: FakePopup['closedBy']
  return {
    urls,
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
