import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig({
  environment: 'jsdom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['src/test/setup.ts'],
  // A view's first render with axe, cold, is the slowest thing in the suite.
  testTimeout: 30_000,
})
