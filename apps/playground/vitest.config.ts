import { packageTestConfig } from '@latch/vitest-config'

// End-to-end tests in Debian's Chromium: each file brings up its own devnet, `vite preview` of
// the playground (built once by the global setup) and browser, and tears them down.
export default packageTestConfig(
  {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    // A stack (devnets, server, preview, Chromium with extensions) can take a minute on a loaded
    // 2-core machine; a slow start is not a failure of what the tests check.
    hookTimeout: 120_000,
    // Two CPUs here: more browsers at once only slows each of them down.
    maxWorkers: 2,
  },
  // Each e2e file keeps its own modules: a file's stack takes minutes, loading modules again
  // takes a second, and a file's helpers can then keep module state without reaching the next.
  { shareModules: false },
)
