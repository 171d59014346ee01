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
  // Each file keeps its own modules, for now: in one shared run on a loaded machine the indexer's
  // reorg test failed once, and passed alone every time since; sharing waits until that is understood.
  { shareModules: false },
)
