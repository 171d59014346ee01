import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

/**
 * pixelmatch's per-pixel colour threshold (0 to 1): 0.1 is its default, loose enough for a
 * sub-pixel shift in anti-aliased text, tight enough that any change of a colour shows.
 */
export const PIXEL_THRESHOLD = 0.1

/**
 * The share of an image's pixels that may differ beyond {@link PIXEL_THRESHOLD}. The fonts,
 * scale and motion are fixed (see fonts.ts and stories.test.ts), so two runs give the same
 * pixels; this only absorbs rare anti-aliasing noise. Kept small on purpose: a one-word change
 * of text in a 400×600 modal moves about 0.1% of its pixels, and must fail.
 */
export const MAX_DIFF_RATIO = 0.0001

export interface BaselineOptions {
  /** Where the baselines live (committed). */
  baselines: string
  /** Where a failing comparison writes `<name>.actual.png` and `<name>.diff.png`. */
  results: string
  /** Rewrite every baseline that differs (LATCH_UPDATE_SCREENSHOTS=1). */
  update: boolean
  /** A missing baseline fails instead of being written (CI=true). */
  ci: boolean
}

/** What one comparison found: a failure's message, or what was written instead. */
export type Comparison = { ok: true; wrote?: 'new' | 'updated' } | { ok: false; message: string }

const decode = (bytes: Buffer) => PNG.sync.read(bytes)

/** Pixels of `actual` that differ from `expected`, and the diff image that shows them. */
export function diffImages(expected: Buffer, actual: Buffer) {
  const a = decode(expected)
  const b = decode(actual)
  if (a.width !== b.width || a.height !== b.height) {
    return { sameSize: false as const, expected: a, actual: b }
  }
  const diff = new PNG({ width: a.width, height: a.height })
  const pixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, {
    threshold: PIXEL_THRESHOLD,
  })
  const allowed = Math.floor(a.width * a.height * MAX_DIFF_RATIO)
  return {
    sameSize: true as const,
    pixels,
    allowed,
    total: a.width * a.height,
    diff: PNG.sync.write(diff),
  }
}

/**
 * Compares a screenshot with its baseline `<name>.png`. A missing baseline is written (with a
 * warning) unless on CI, where it fails: a story without a committed baseline is not checked.
 * In update mode a baseline that differs is rewritten; one within the tolerance is left as it
 * is, so an update touches only the images whose pixels really moved.
 */
export async function compareWithBaseline(
  name: string,
  actual: Buffer,
  options: BaselineOptions,
): Promise<Comparison> {
  const baselinePath = join(options.baselines, `${name}.png`)
  const expected = await readFile(baselinePath).catch(() => undefined)
  if (!expected) {
    if (options.ci && !options.update) {
      return {
        ok: false,
        message: `${name}: no baseline at ${relative(process.cwd(), baselinePath)}. Run LATCH_UPDATE_SCREENSHOTS=1 pnpm exec turbo run test:screens --filter=@latch/react --force and commit it.`,
      }
    }
    await mkdir(options.baselines, { recursive: true })
    await writeFile(baselinePath, actual)
    return { ok: true, wrote: 'new' }
  }
  const found = diffImages(expected, actual)
  if (found.sameSize && found.pixels <= found.allowed) return { ok: true }
  if (options.update) {
    await writeFile(baselinePath, actual)
    return { ok: true, wrote: 'updated' }
  }
  await mkdir(options.results, { recursive: true })
  const actualPath = join(options.results, `${name}.actual.png`)
  await writeFile(actualPath, actual)
  const shown = relative(process.cwd(), actualPath)
  if (!found.sameSize) {
    return {
      ok: false,
      message: `${name}: the screenshot is ${found.actual.width}×${found.actual.height}, its baseline ${found.expected.width}×${found.expected.height} (actual: ${shown}).`,
    }
  }
  const diffPath = join(options.results, `${name}.diff.png`)
  await writeFile(diffPath, found.diff)
  const share = ((found.pixels / found.total) * 100).toFixed(3)
  return {
    ok: false,
    message: `${name}: ${found.pixels} pixels differ from the baseline (${share}%, at most ${found.allowed} allowed). Diff: ${relative(process.cwd(), diffPath)}, actual: ${shown}. If the change is intended, run LATCH_UPDATE_SCREENSHOTS=1 pnpm exec turbo run test:screens --filter=@latch/react --force (it rebuilds Storybook) and commit the baselines with it.`,
  }
}
