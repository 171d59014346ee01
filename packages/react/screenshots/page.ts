import type { Browser, BrowserContext, Locator, Page } from '@latch/test-browser'

export type Theme = 'light' | 'dark'

export interface Viewport {
  width: number
  height: number
}

/**
 * The moment every page believes it is: stories that show times (activity rows, a resend
 * countdown) then draw the same text on every run.
 */
const FIXED_TIME = new Date('2026-01-15T12:00:00Z')

/** How far the page's clock moves in one step while the page has nothing else to wait for. */
const TICK_MS = 10

/** Page time between two screenshots that must match for the page to count as settled. */
const SETTLE_MS = 400

/** At most this much page time for a story to render: a scene that hangs fails, not waits. */
const MAX_PAGE_TIME_MS = 15_000
/** And at most this much real time (a context's first story loads the whole preview, cold). */
const REAL_TIMEOUT_MS = 40_000

/** A page of the pool, and the requests it made to a host other than the local server. */
export interface PooledPage {
  page: Page
  refused: string[]
  /** Requests still under way: the page's clock stands still while there are any. */
  pending: Set<unknown>
}

export interface PagePool {
  /** Runs `run` on a free page (waiting for one), resized to `viewport`. */
  use<T>(viewport: Viewport, run: (page: PooledPage) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/**
 * `size` pages in one context: the same scale, locale, zone and reduced motion on every
 * machine, and no host but the local server (a request elsewhere is refused and reported).
 * The pages share the context's cache, so Storybook's preview bundle is read and compiled once,
 * not once per story; each story still gets a fresh document (a navigation).
 */
export async function createPagePool(
  browser: Browser,
  origin: string,
  size: number,
): Promise<PagePool> {
  const contexts: BrowserContext[] = []
  const free: PooledPage[] = []
  for (let i = 0; i < size; i++) {
    // A context each: the clock is the context's, and each page moves its own.
    const context = await browser.newContext({
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
      colorScheme: 'light',
      locale: 'en-US',
      timezoneId: 'UTC',
    })
    contexts.push(context)
    await context.clock.install({ time: FIXED_TIME })
    await context.clock.pauseAt(FIXED_TIME.getTime() + 1_000)
    const page = await context.newPage()
    const pooled: PooledPage = { page, refused: [], pending: new Set() }
    page.on('request', (request) => pooled.pending.add(request))
    page.on('requestfinished', (request) => pooled.pending.delete(request))
    page.on('requestfailed', (request) => pooled.pending.delete(request))
    await page.route('**/*', (route) => {
      const url = route.request().url()
      if (url.startsWith(`${origin}/`)) return route.continue()
      pooled.refused.push(url)
      return route.abort('blockedbyclient')
    })
    free.push(pooled)
  }
  const waiting: ((page: PooledPage) => void)[] = []
  const release = (page: PooledPage) => {
    const next = waiting.shift()
    if (next) next(page)
    else free.push(page)
  }
  return {
    async use(viewport, run) {
      const pooled =
        free.pop() ?? (await new Promise<PooledPage>((resolve) => waiting.push(resolve)))
      try {
        pooled.refused.length = 0
        await pooled.page.setViewportSize(viewport)
        return await run(pooled)
      } finally {
        release(pooled)
      }
    },
    close: async () => {
      await Promise.all(contexts.map((context) => context.close()))
    },
  }
}

/** Storybook's render phases that end a story's render (see StoryRender in storybook). */
const DONE = ['completed', 'afterEach', 'finished']
const FAILED = ['errored', 'aborted']

/** The theme each page's document was loaded in (a page keeps it until the next navigation). */
const loadedTheme = new WeakMap<Page, Theme>()
/** The story each page shows: asking Storybook for the story it already shows does nothing. */
const shownStory = new WeakMap<Page, string>()

/**
 * Shows a story in Storybook's bare iframe and waits until its loaders, render and play
 * function are done, then until its fonts are in. Throws with Storybook's error if it failed.
 *
 * A page already on the story's theme switches story in place, as Storybook's own sidebar does
 * (`setCurrentStory`): loading and compiling the preview bundle again for each story was most
 * of the suite's time. The previous story is torn down by Storybook first (its scene destroyed,
 * the modal's host removed). A theme change is a navigation, since the loaders read the theme.
 */
export async function showStory(pooled: PooledPage, origin: string, id: string, theme: Theme) {
  const { page, pending } = pooled
  if (loadedTheme.get(page) === theme && shownStory.get(page) !== id) {
    await page.evaluate((storyId) => {
      const preview: unknown = Reflect.get(window, '__STORYBOOK_PREVIEW__')
      const renders: unknown = Reflect.get(Object(preview), 'storyRenders')
      // Marked, so the wait below cannot mistake the previous story's finished render for this.
      if (Array.isArray(renders))
        for (const render of renders) Reflect.set(Object(render), 'shot', 'old')
      const channel: unknown = Reflect.get(window, '__STORYBOOK_ADDONS_CHANNEL__')
      const emit: unknown = Reflect.get(Object(channel), 'emit')
      if (typeof emit !== 'function') throw new Error('Storybook has no channel.')
      emit.call(channel, 'setCurrentStory', { storyId, viewMode: 'story' })
    }, id)
  } else {
    const query = new URLSearchParams({ id, globals: `theme:${theme}`, viewMode: 'story' })
    await page.goto(`${origin}/iframe.html?${query}`)
    loadedTheme.set(page, theme)
  }
  shownStory.set(page, id)
  let reached: string | undefined
  const deadline = Date.now() + REAL_TIMEOUT_MS
  for (let time = 0; !reached || !DONE.includes(reached); time += TICK_MS) {
    reached = await page.evaluate(
      ([storyId, finished]) => {
        const preview: unknown = Reflect.get(window, '__STORYBOOK_PREVIEW__')
        const renders: unknown = preview ? Reflect.get(Object(preview), 'storyRenders') : undefined
        if (!Array.isArray(renders)) return undefined
        const phases = renders
          .filter((r: unknown) => Reflect.get(Object(r), 'id') === storyId)
          .filter((r: unknown) => Reflect.get(Object(r), 'shot') !== 'old')
          .map((r: unknown) => String(Reflect.get(Object(r), 'phase')))
        return phases.find((p) => finished.includes(p)) ?? phases[0]
      },
      [id, [...DONE, ...FAILED]] as const,
    )
    if (reached && FAILED.includes(reached)) {
      const error = await page.locator('#error-message, #error-stack').allInnerTexts()
      // The next story on this page starts from a fresh document.
      loadedTheme.delete(page)
      throw new Error(`Story ${id} (${theme}) ${reached}: ${error.join('\n').trim()}`)
    }
    if (time > MAX_PAGE_TIME_MS || Date.now() > deadline) {
      loadedTheme.delete(page)
      throw new Error(
        `Story ${id} (${theme}) is still ${reached ?? 'loading'} after ${time} ms of page time (${pending.size} requests under way).`,
      )
    }
    await step(pooled)
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

/**
 * One step of the page's life: a moment of real time, and {@link TICK_MS} of the page's clock
 * when no request is under way. The clock only moves this way, so what a story shows after a
 * delay (a toast that closes after 2.5 s, a countdown) depends on how many steps its render
 * needed, never on how busy the machine is: a chunk that takes long to arrive costs no time.
 */
async function step({ page, pending }: PooledPage) {
  await new Promise((resolve) => setTimeout(resolve, 5))
  if (pending.size === 0) await page.clock.runFor(TICK_MS)
}

/** The open modal when the story shows one, else the story's own root (the ConnectButton). */
export async function storyTarget(page: Page): Promise<Locator> {
  const dialog = page.locator('latch-modal dialog[open]')
  return (await dialog.count()) > 0 ? dialog : page.locator('#storybook-root')
}

const SHOT = { animations: 'disabled', caret: 'hide', scale: 'css' } as const

/**
 * Screenshots until two in a row, {@link SETTLE_MS} of page time apart with no request under way,
 * are the same bytes: a lazy view's chunk, an image or a machine's last step may still land
 * after the render phase ends. `target` undefined: the whole page.
 */
export async function stableScreenshot(
  pooled: PooledPage,
  target: () => Promise<Locator | undefined>,
): Promise<Buffer> {
  const { page } = pooled
  const take = async () => {
    // Where focus rests is checked by the views' own tests; here it would depend on whether a
    // lazy view's chunk was in before the modal placed focus, so no element keeps it.
    await page.evaluate(() => {
      const active = document.querySelector('latch-modal')?.shadowRoot?.activeElement
      if (active instanceof HTMLElement) active.blur()
    })
    const locator = await target()
    return locator ? locator.screenshot(SHOT) : page.screenshot(SHOT)
  }
  let previous = await take()
  for (let attempt = 0; attempt < 20; attempt++) {
    // Longer than React's 300 ms before it swaps a Suspense fallback for the loaded view, so a
    // fallback still waiting for that is never taken for the settled page.
    const deadline = Date.now() + REAL_TIMEOUT_MS
    for (let time = 0; time < SETTLE_MS; time += pooled.pending.size === 0 ? TICK_MS : 0) {
      if (Date.now() > deadline) throw new Error(`${pooled.pending.size} requests never ended.`)
      await step(pooled)
    }
    const next = await take()
    if (next.equals(previous)) return next
    previous = next
  }
  throw new Error('The page never settled: 20 screenshots in a row differed.')
}
