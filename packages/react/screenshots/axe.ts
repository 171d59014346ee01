import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@latch/test-browser'

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** One axe violation, as a failure names it. */
export interface AxeFinding {
  id: string
  help: string
  targets: string[]
}

/**
 * axe-core over the story's page in Chromium, the modal's open shadow root included, every rule
 * on: unlike jsdom (stories.test.tsx), Chromium paints, so colour contrast is judged too, in the
 * theme the story shows.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: AXE_SOURCE })
  return page.evaluate(async () => {
    const axe = Reflect.get(window, 'axe')
    const results = await axe.run(document, { resultTypes: ['violations'] })
    return results.violations.map(
      (violation: { id: string; help: string; nodes: Array<{ target: unknown[] }> }) => ({
        id: violation.id,
        help: violation.help,
        targets: violation.nodes.map((node) => JSON.stringify(node.target)),
      }),
    )
  })
}
