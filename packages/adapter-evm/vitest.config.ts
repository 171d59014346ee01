import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // CI runs two packages' suites at once on 2 cores, where a cold jsdom + axe render or a real
    // relay/anvil round trip can pass vitest's 5 s default. Speed is measured by `pnpm bench`.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
})
