import { afterEach, describe, expect, it, vi } from 'vitest'
import { WARM_UP_IDLE_MS, warmUpWhenIdle, whenIdle } from './when-idle.js'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('whenIdle', () => {
  it('hands the task to requestIdleCallback with the timeout, and cancels it there', () => {
    const requestIdleCallback = vi.fn(() => 7)
    const cancelIdleCallback = vi.fn()
    vi.stubGlobal('requestIdleCallback', requestIdleCallback)
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback)
    const task = vi.fn()
    const cancel = whenIdle(task, 1_500)
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 1_500 })
    cancel()
    expect(cancelIdleCallback).toHaveBeenCalledWith(7)
  })

  it('falls back to a timer where there is no idle callback, and a cancel stops it', () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    vi.useFakeTimers()
    const ran = vi.fn()
    whenIdle(ran, 200)
    const cancelled = vi.fn()
    whenIdle(cancelled, 200)()
    vi.advanceTimersByTime(199)
    expect(ran).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(ran).toHaveBeenCalledOnce()
    expect(cancelled).not.toHaveBeenCalled()
  })
})

describe('warmUpWhenIdle', () => {
  it('waits for an idle moment, at most the warm-up rule, every warm-up alike', () => {
    const requestIdleCallback = vi.fn(() => 3)
    vi.stubGlobal('requestIdleCallback', requestIdleCallback)
    const task = vi.fn()
    warmUpWhenIdle(task)
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: WARM_UP_IDLE_MS })
  })
})
