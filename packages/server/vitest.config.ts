import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig(
  {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One throwaway PostgreSQL per run for the storage suite's second pass: inject('postgresUrl').
    // One migrated PGlite dump that every file's PGlite starts from: inject('pgliteTemplate').
    globalSetup: ['test/global-postgres.ts', 'test/global-pglite.ts'],
    // Each storage suite opens PGlite (WASM, then the migrations) and a PostgreSQL database: on a
    // loaded 2-core CI that can take far longer than the shared defaults allow.
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
  // A worker's files share one module graph: each file still opens its own databases and
  // servers, and no module keeps state between files (checked with --sequence.shuffle).
  { shareModules: true },
)
