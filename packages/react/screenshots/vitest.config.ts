import { packageTestConfig } from '@latch/vitest-config'

/**
 * The screenshot suite (`pnpm test:screens`), apart from the unit tests: it needs the built
 * Storybook and Chromium. Its report sits beside its images, where scripts/summary.mjs counts it.
 */
export default packageTestConfig({
  include: ['screenshots/**/*.test.ts'],
  // Three pages at once keep both cores busy (the browser renders while node compares).
  maxConcurrency: 3,
  // A page's first story loads and compiles Storybook's whole preview, on a busy machine.
  testTimeout: 60_000,
  reporters: ['default', ['json', { outputFile: 'test-results/screenshots/vitest.json' }]],
})
