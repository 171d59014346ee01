import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig({
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  // One throwaway PostgreSQL per run for the storage suite's second pass: inject('postgresUrl').
  globalSetup: ['test/global-postgres.ts'],
})
