import { afterEach, describe, expect, it, vi } from 'vitest'
import { AFTER_PAINT_FALLBACK_MS, afterNextPaint } from './after-paint.js'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** A stand-in for the browser's frames: `paint()` runs the callbacks of the next frame. */
function stubFrames() {
  const callbacks = new Map<number, () => void>()
  let next = 1
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
    callbacks.set(next, callback)
    return next++
  })
  const cancelAnimationFrame = vi.fn((handle: number) => callbacks.delete(handle))
  vi.stubGlobal('cancelAnimationFrame', cancelAnimationFrame)
  const paint = () => {
    const due = [...callbacks.values()]
    callbacks.clear()
    for (const callback of due) callback()
  }
  return { paint, cancelAnimationFrame, pending: () => callbacks.size }
}

async function settled(promise: Promise<void>) {
  let done = false
  void promise.then(() => (done = true))
  await vi.advanceTimersByTimeAsync(0)
  return done
}

describe('afterNextPaint', () => {
  it('waits for the next frame, then for the task after it (the frame has painted by then)', async () => {
    vi.useFakeTimers()
    const frames = stubFrames()
    const painted = afterNextPaint()
    expect(await settled(painted)).toBe(false)
    frames.paint()
    let done = false
    void painted.then(() => (done = true))
    await Promise.resolve()
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toBe(true)
  })

  it('goes on after the fallback when no frame comes (a page loaded in a background tab)', async () => {
    vi.useFakeTimers()
    const frames = stubFrames()
    let done = false
    void afterNextPaint().then(() => (done = true))
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_FALLBACK_MS - 1)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
    // The frame it no longer needs is handed back.
    expect(frames.cancelAnimationFrame).toHaveBeenCalledOnce()
    expect(frames.pending()).toBe(0)
  })

  it('resolves at once where there are no frames (Node)', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined)
    await expect(afterNextPaint()).resolves.toBeUndefined()
  })
})
