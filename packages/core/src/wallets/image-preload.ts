/** SPEC §9: at most 20 wallet images are preloaded; the rest load lazily as they scroll in. */
export const IMAGE_PRELOAD_LIMIT = 20
/** SPEC §9: a preload that takes longer than 2 s is given up (the image still loads lazily). */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000

/**
 * Loads one image; resolves when it has loaded and rejects when it cannot. It should stop when
 * `signal` aborts. The browser one is `new Image()`; core takes it as an argument so it never
 * touches a browser API itself.
 */
export type ImageLoader = (url: string, signal: AbortSignal) => Promise<void>

export type PreloadOutcome = 'loaded' | 'failed' | 'timeout'

export interface PreloadOptions {
  /** Default {@link IMAGE_PRELOAD_LIMIT}. */
  limit?: number
  /** Default {@link IMAGE_PRELOAD_TIMEOUT_MS}. */
  timeoutMs?: number
  /** URLs preloaded before, which neither load again nor count against the limit. */
  skip?: ReadonlySet<string>
}

/**
 * The images worth preloading: https URLs only (an inline `data:` image has nothing to fetch),
 * each once, in list order, at most `limit`.
 */
export function imagesToPreload(
  urls: readonly string[],
  limit: number = IMAGE_PRELOAD_LIMIT,
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const picked: string[] = []
  for (const url of urls) {
    if (picked.length >= limit) break
    if (!/^https:\/\//i.test(url) || skip.has(url) || picked.includes(url)) continue
    picked.push(url)
  }
  return picked
}

/**
 * Preloads the first images of a list (see {@link imagesToPreload}) in parallel, each given up
 * after `timeoutMs`, so the rows a user sees first show their icons at once without the list
 * ever waiting on an image. Never rejects: resolves with each URL's outcome.
 */
export async function preloadImages(
  urls: readonly string[],
  load: ImageLoader,
  options: PreloadOptions = {},
): Promise<Array<{ url: string; outcome: PreloadOutcome }>> {
  const limit = options.limit ?? IMAGE_PRELOAD_LIMIT
  const timeoutMs = options.timeoutMs ?? IMAGE_PRELOAD_TIMEOUT_MS
  const picked = imagesToPreload(urls, limit, options.skip)
  return Promise.all(
    picked.map(async (url) => {
      const controller = new AbortController()
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<PreloadOutcome>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs)
      })
      const loaded = load(url, controller.signal).then(
        (): PreloadOutcome => 'loaded',
        (): PreloadOutcome => 'failed',
      )
      const outcome = await Promise.race([loaded, timeout])
      clearTimeout(timer)
      if (outcome === 'timeout') controller.abort()
      return { url, outcome }
    }),
  )
}
