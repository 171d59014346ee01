// jsdom has no IntersectionObserver: this one stands in for the browser's, and the test says what
// the browser would report about the approval prompt (how much of it is on screen and, for a
// browser with IntersectionObserver v2, whether anything covers it).

/** What the browser would report: the share on screen, and v2's verdict on occlusion. */
export interface SeenReport {
  ratio: number
  /** v2 only: nothing covers, fades or transforms the target. */
  isVisible?: boolean
}

export interface FakeIntersection {
  /** Reports to every observer still observing, as the browser does after a layout. */
  report(seen: SeenReport): void
  /** The observers created and not disconnected. */
  readonly observing: number
  /** The options the last observer was created with. */
  readonly lastInit: unknown
  /** Puts the window's own (jsdom's: none) back. */
  restore(): void
}

const NO_RECT: DOMRectReadOnly = {
  x: 0,
  y: 0,
  width: 0,
  height: 0,
  top: 0,
  right: 0,
  bottom: 0,
  left: 0,
  toJSON: () => ({}),
}

/**
 * Installs a fake IntersectionObserver on `document`'s window: v1 entries have no `isVisible`
 * (Firefox, Safari), v2 entries have it (Chromium).
 */
export function fakeIntersectionObserver(version: 1 | 2): FakeIntersection {
  const view = document.defaultView
  if (!view) throw new Error('no window')
  const original = view.IntersectionObserver
  const live = new Set<FakeObserver>()
  let lastInit: unknown

  class FakeObserver implements IntersectionObserver {
    readonly root = null
    readonly rootMargin = '0px'
    readonly thresholds: readonly number[]
    readonly targets: Element[] = []
    constructor(
      readonly callback: IntersectionObserverCallback,
      init?: IntersectionObserverInit,
    ) {
      lastInit = init
      const threshold = init?.threshold ?? 0
      this.thresholds = Array.isArray(threshold) ? threshold : [threshold]
    }
    observe(target: Element) {
      this.targets.push(target)
      live.add(this)
    }
    unobserve() {}
    disconnect() {
      live.delete(this)
    }
    takeRecords() {
      return []
    }
  }

  view.IntersectionObserver = FakeObserver
  return {
    report({ ratio, isVisible }) {
      for (const observer of [...live]) {
        const entries = observer.targets.map((target) => ({
          boundingClientRect: NO_RECT,
          intersectionRect: NO_RECT,
          rootBounds: null,
          intersectionRatio: ratio,
          isIntersecting: ratio > 0,
          target,
          time: performance.now(),
          ...(version === 2 ? { isVisible: isVisible ?? false } : {}),
        }))
        observer.callback(entries, observer)
      }
    },
    get observing() {
      return live.size
    },
    get lastInit() {
      return lastInit
    },
    restore() {
      view.IntersectionObserver = original
    },
  }
}
