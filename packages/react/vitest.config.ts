import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig(
  {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A view's first render with axe, cold, is the slowest thing in the suite.
    testTimeout: 30_000,
  },
  // One module graph and one jsdom per worker: a fresh jsdom and React, core and axe loaded again
  // for each file were most of this suite's time. ssr.test.ts keeps a fresh graph: it checks that
  // importing the package touches no browser global, which an already-loaded package would not show.
  { shareModules: { except: ['src/ssr.test.ts'] } },
)
