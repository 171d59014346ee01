import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { mkdtemp, rm, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchBrowser, type Browser } from '@latch/test-browser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeFindings } from './axe.js'
import { compareWithBaseline, type BaselineOptions } from './compare.js'
import { bundledFontsEnv } from './fonts.js'
import {
  createPagePool,
  showStory,
  stableScreenshot,
  storyTarget,
  type PagePool,
  type PooledPage,
  type Theme,
  type Viewport,
} from './page.js'
import { serveStatic, type StaticServer } from './server.js'

/**
 * Every story in both themes, and the main views at a desktop and a phone width, compared with
 * the baselines in __baselines__ (see the package README, "Screenshots"). Runs against the
 * built Storybook (`storybook:build`), so what is checked is what the build ships.
 */
const PACKAGE = fileURLToPath(new URL('..', import.meta.url))
const STATIC = join(PACKAGE, 'storybook-static')
const options: BaselineOptions = {
  baselines: join(PACKAGE, 'screenshots', '__baselines__'),
  results: join(PACKAGE, 'test-results', 'screenshots'),
  update: process.env.LATCH_UPDATE_SCREENSHOTS === '1',
  ci: process.env.CI === 'true',
}

const THEMES: Theme[] = ['light', 'dark']
/** Pages rendering at once: with 2 cores, 3 keep the browser busy while node compares PNGs. */
const PAGES = 3
/** Each story's modal is cropped from a desktop page. */
const STORY_VIEWPORT = { width: 1280, height: 860 }
/** The main views, whole page, at the sizes issue 37 names. */
const WIDTHS = [
  { width: 1280, height: 860 },
  { width: 390, height: 800 },
]
const MAIN_VIEWS = [
  'views-connect--installed-and-recommended',
  'views-account--connected',
  'views-send--filled',
]

/** Storybook's index.json: every story's id (the build writes it). */
function storyIds(): string[] {
  const file = join(STATIC, 'index.json')
  if (!existsSync(file)) {
    throw new Error(
      `No ${file}: build Storybook first (pnpm --filter @latch/react storybook:build).`,
    )
  }
  const index: unknown = JSON.parse(readFileSync(file, 'utf8'))
  const entries: unknown = Reflect.get(Object(index), 'entries')
  return Object.values(Object(entries))
    .filter((entry) => Reflect.get(Object(entry), 'type') === 'story')
    .map((entry) => String(Reflect.get(Object(entry), 'id')))
}

const ids = storyIds()
// Theme by theme: a page switches stories in place within a theme (see showStory).
const storyShots = THEMES.flatMap((theme) =>
  ids.map((id) => ({ id, theme, name: `${id}.${theme}` })),
)
const viewShots = MAIN_VIEWS.flatMap((id) =>
  WIDTHS.flatMap((viewport) =>
    THEMES.map((theme) => ({ id, theme, viewport, name: `page-${id}.${viewport.width}.${theme}` })),
  ),
)

let browser: Browser
let pool: PagePool
let server: StaticServer
let fontDir: string

beforeAll(async () => {
  fontDir = await mkdtemp(join(tmpdir(), 'latch-screens-'))
  const [env, started] = await Promise.all([bundledFontsEnv(fontDir), serveStatic(STATIC)])
  server = started
  browser = await launchBrowser({ env })
  pool = await createPagePool(browser, server.origin, PAGES)
  await rm(options.results, { recursive: true, force: true })
})

afterAll(async () => {
  await pool?.close()
  await browser?.close()
  await server?.close()
  if (fontDir) await rm(fontDir, { recursive: true, force: true })
})

/** Takes a page of the pool at `viewport`, runs `run`, and checks nothing left 127.0.0.1. */
async function withPage<T>(viewport: Viewport, run: (page: PooledPage) => Promise<T>) {
  return pool.use(viewport, async (pooled) => {
    const result = await run(pooled)
    expect(pooled.refused, 'requests to other hosts').toEqual([])
    return result
  })
}

/** Compares, and on a difference fails with the story's name and where the diff image is. */
async function check(name: string, shot: Buffer) {
  const result = await compareWithBaseline(name, shot, options)
  if (!result.ok) expect.fail(result.message)
  if (result.wrote) console.warn(`screenshots: ${result.wrote} baseline ${name}.png`)
}

describe.concurrent('every story in both themes', () => {
  for (const { id, theme, name } of storyShots)
    it(name, async () => {
      const shot = await withPage(STORY_VIEWPORT, async (page) => {
        await showStory(page, server.origin, id, theme)
        return stableScreenshot(page, () => storyTarget(page.page))
      })
      await check(name, shot)
    })
})

describe.concurrent('the main views at 1280 and 390 px', () => {
  for (const { id, theme, viewport, name } of viewShots)
    it(name, async () => {
      expect(ids, 'a main view story was renamed: update MAIN_VIEWS').toContain(id)
      const shot = await withPage(viewport, async (page) => {
        await showStory(page, server.origin, id, theme)
        return stableScreenshot(page, async () => undefined)
      })
      await check(name, shot)
    })
})

// Issue 37: axe clean on every changed view in both themes, contrast included, which jsdom
// cannot judge (stories.test.tsx). In a context of its own: axe waits on timers, and the
// screenshot pages' clock only moves in steps.
const AXE_STORIES = [...MAIN_VIEWS, 'views-connectingsocial--connect-buttons']

describe('axe in Chromium, contrast included', () => {
  for (const theme of THEMES)
    for (const id of AXE_STORIES)
      it(`${id}.${theme}`, async () => {
        expect(ids, 'a checked story was renamed: update AXE_STORIES').toContain(id)
        const context = await browser.newContext({
          viewport: STORY_VIEWPORT,
          reducedMotion: 'reduce',
        })
        try {
          const page = await context.newPage()
          await page.goto(
            `${server.origin}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme}`,
          )
          // The view itself, past its lazy chunk's spinner.
          await page.locator('latch-modal .latch-view').first().waitFor()
          expect(await axeFindings(page)).toEqual([])
        } finally {
          await context.close()
        }
      })
})

describe('baselines', () => {
  it('has no baseline left over from a story that is gone', async () => {
    const wanted = new Set([...storyShots, ...viewShots].map((shot) => `${shot.name}.png`))
    const stale = existsSync(options.baselines)
      ? readdirSync(options.baselines).filter((file) => !wanted.has(file))
      : []
    if (options.update) {
      await Promise.all(stale.map((file) => unlink(join(options.baselines, file))))
      return
    }
    expect(stale, 'baselines without a story (LATCH_UPDATE_SCREENSHOTS=1 removes them)').toEqual([])
  })
})
