import { packageTestConfig } from '@latch/vitest-config'

// Unit tests in Node (the frame's logic against a real in-process Latch server) and one
// end-to-end file in Chromium (`e2e/`), which builds the app once.
export default packageTestConfig(
  {
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
  // Each file keeps its own modules: the Chromium file builds and serves the app once for itself.
  { shareModules: false },
)
