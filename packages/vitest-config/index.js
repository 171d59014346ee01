/**
 * The unit-test settings every @latch package shares: node by default, tests beside the code,
 * and a JSON report that `scripts/summary.mjs` counts.
 *
 * The timeouts leave room for CI, which runs two packages' suites at once on 2 cores: there a
 * cold jsdom + axe render or a real relay/anvil round trip can pass vitest's 5 s default. Speed
 * is measured by `pnpm bench`, never by a test's clock.
 *
 * @param {import('./index.d.ts').PackageTestOptions} [test] settings this package changes
 * @returns {import('vitest/config').ViteUserConfig}
 */
export function packageTestConfig(test = {}) {
  return {
    test: {
      environment: 'node',
      include: ['src/**/*.test.ts'],
      testTimeout: 20_000,
      hookTimeout: 30_000,
      reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
      ...test,
    },
  }
}
