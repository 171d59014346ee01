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
  // A worker's files share one module graph: importing vite, playwright, viem and the local
  // parts again for each file took 5 s a file. Each file still starts its own stack, and the
  // helpers keep nothing between files but the run's PGlite dump they read once.
  { shareModules: true },
)
