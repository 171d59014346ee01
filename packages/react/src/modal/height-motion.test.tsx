import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useHeightMotion } from './height-motion.js'

/** A ResizeObserver stand-in: the test says when the observed size changed. */
function fakeResizeObserver() {
  const observers: Array<{ callback: () => void; disconnected: boolean }> = []
  class FakeResizeObserver {
    private readonly entry: { callback: () => void; disconnected: boolean }
    constructor(callback: () => void) {
      this.entry = { callback, disconnected: false }
      observers.push(this.entry)
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true
    }
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  return observers
}

/** The modal body with its content wrapper; `heights` are the body's, one per layout. */
function modalBody(heights: number[]) {
  const body = document.createElement('div')
  const content = document.createElement('div')
  body.append(content)
  const animate = vi.fn()
  Object.assign(body, { animate })
  let layout = 0
  vi.spyOn(body, 'getBoundingClientRect').mockImplementation(
    () => new DOMRect(0, 0, 360, heights[Math.min(layout++, heights.length - 1)]),
  )
  return { content, animate }
}

/** jsdom has no matchMedia: the page's reduced-motion preference, as the browser would say. */
const reducedMotion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
  }))

describe('the modal height follows its view (SPEC §9: 150 ms)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('paints the first height at once, then plays each change from the old height to the new', () => {
    const observers = fakeResizeObserver()
    reducedMotion(false)
    const { content, animate } = modalBody([300, 300, 420])
    const { result } = renderHook(() => useHeightMotion())
    result.current(content)
    const [observer] = observers
    observer!.callback()
    observer!.callback()
    expect(animate).not.toHaveBeenCalled()
    observer!.callback()
    expect(animate).toHaveBeenCalledTimes(1)
    expect(animate).toHaveBeenCalledWith(
      [
        { height: '300px', boxSizing: 'border-box', overflow: 'hidden' },
        { height: '420px', boxSizing: 'border-box', overflow: 'hidden' },
      ],
      { duration: 150, easing: 'ease' },
    )
  })

  it('under reduced motion the height just changes', () => {
    const observers = fakeResizeObserver()
    reducedMotion(true)
    const { content, animate } = modalBody([300, 420])
    renderHook(() => useHeightMotion()).result.current(content)
    observers[0]!.callback()
    observers[0]!.callback()
    expect(animate).not.toHaveBeenCalled()
  })

  it('stops watching when the wrapper goes', () => {
    const observers = fakeResizeObserver()
    const { content } = modalBody([300])
    const { result } = renderHook(() => useHeightMotion())
    result.current(content)
    result.current(null)
    expect(observers[0]!.disconnected).toBe(true)
  })
})
