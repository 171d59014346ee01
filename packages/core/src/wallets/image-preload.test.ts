import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  IMAGE_PRELOAD_LIMIT,
  IMAGE_PRELOAD_TIMEOUT_MS,
  imagesToPreload,
  preloadImages,
} from './image-preload.js'

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://img.test/${i}.png`)

afterEach(() => void vi.useRealTimers())

describe('image preloading (SPEC §9)', () => {
  it('has the SPEC limits: 20 images, 2 s', () => {
    expect(IMAGE_PRELOAD_LIMIT).toBe(20)
    expect(IMAGE_PRELOAD_TIMEOUT_MS).toBe(2000)
  })

  it('picks at most 20 https images, each once, in list order, skipping inline ones', () => {
    const list = [
      'data:image/svg+xml,x',
      urls(1)[0]!,
      urls(1)[0]!,
      'http://plain.test/a.png',
      ...urls(40),
    ]
    const picked = imagesToPreload(list)
    expect(picked).toHaveLength(20)
    expect(picked[0]).toBe('https://img.test/0.png')
    expect(new Set(picked).size).toBe(20)
    expect(picked.every((url) => url.startsWith('https://'))).toBe(true)
  })

  it('does not preload again what was preloaded before', () => {
    expect(imagesToPreload(urls(3), 20, new Set([urls(1)[0]!]))).toEqual(urls(3).slice(1))
  })

  it('loads at most 20 and reports each outcome', async () => {
    const load = vi.fn(async (url: string) => {
      if (url.endsWith('/1.png')) throw new Error('404')
    })
    const results = await preloadImages(urls(30), load)
    expect(load).toHaveBeenCalledTimes(20)
    expect(results[0]).toEqual({ url: urls(1)[0], outcome: 'loaded' })
    expect(results[1]!.outcome).toBe('failed')
  })

  it('gives an image up after 2 s and aborts its load', async () => {
    vi.useFakeTimers()
    const signals: AbortSignal[] = []
    const load = (_: string, signal: AbortSignal) => {
      signals.push(signal)
      return new Promise<void>(() => {})
    }
    const done = preloadImages(urls(2), load)
    await vi.advanceTimersByTimeAsync(IMAGE_PRELOAD_TIMEOUT_MS - 1)
    expect(signals.every((signal) => !signal.aborted)).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect((await done).map((r) => r.outcome)).toEqual(['timeout', 'timeout'])
    expect(signals.every((signal) => signal.aborted)).toBe(true)
  })
})
