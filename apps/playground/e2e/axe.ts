import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, RunOptions } from 'axe-core'
import type { Frame, Page } from 'playwright-core'
import { expect } from 'vitest'
import { animationsSettled } from './modal.js'

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

export interface AxeViolation {
  id: string
  impact: string | null | undefined
  help: string
  /** Each offending node's selector path; an array step means "inside that shadow root". */
  targets: unknown[]
}

/**
 * Runs axe-core over the whole page, the modal's open shadow root included (axe walks open
 * shadow trees), once animations have settled, and returns the violations.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // axe judges what a person ends up seeing. A lazy view can mount (and start its fade-in)
  // after the animations looked settled, and half-faded text fails contrast; under reduced
  // motion every view is at full opacity at once.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  try {
    await animationsSettled(page)
    return await runAxe(page)
  } finally {
    await page.emulateMedia({ reducedMotion: null })
  }
}

async function runAxe(
  page: Page | Frame,
  load = () => page.addScriptTag({ content: AXE_SOURCE }),
): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await load()
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: RunOptions): Promise<AxeResults> }
      }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target),
    }))
  })
}

/** A violation in a line: rule, impact, help, and where (selector paths through shadow roots). */
const describeViolation = (v: AxeViolation) =>
  `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.targets)}`

/** One line per violation on the page. */
export async function axeFindings(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map(describeViolation)
}

/**
 * axe-core over one frame's document: the secure frame, another origin whose CSP admits no
 * script tag of the test's, so axe is evaluated into it (DevTools' evaluation is not the page's).
 */
export async function frameAxeFindings(frame: Frame): Promise<string[]> {
  return (await runAxe(frame, () => frame.evaluate(AXE_SOURCE))).map(describeViolation)
}

/**
 * Collects axe-core's findings view by view as a flow goes on, so one view's violation does not
 * stop the flow; the file's last test expects the whole record to be empty.
 */
export function axeLog() {
  const views: Record<string, string[]> = {}
  return {
    views,
    async check(page: Page, where: string): Promise<void> {
      views[where] = await axeFindings(page)
    },
    /** Every view visited, each with zero violations. */
    expectClean(): void {
      expect(Object.keys(views).length).toBeGreaterThan(0)
      const clean = Object.fromEntries(Object.keys(views).map((where) => [where, []]))
      expect(views).toEqual(clean)
    },
  }
}
