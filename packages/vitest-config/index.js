/**
 * The unit-test settings every @latch package shares: node by default, tests beside the code,
 * and a JSON report that `scripts/summary.mjs` counts.
 *
 * The timeouts leave room for CI, which runs two packages' suites at once on 2 cores: there a
 * cold jsdom + axe render or a real relay/anvil round trip can pass vitest's 5 s default. Speed
 * is measured by `pnpm bench`, never by a test's clock. That holds for `expect.poll` too: its
 * 1 s default made "a reload restores the WalletConnect session" a timed test (about 0.5 s from
 * the load to connected here, quiet; over 1 s once in a CI run beside another browser).
 *
 * Files share a worker's module graph (`isolate: false`): a worker runs file after file without
 * loading everything again for each. On the 2-core CI most of a suite's time was each file in a
 * fresh process loading its dependencies again (jsdom, viem, PGlite's WASM, the package itself);
 * each file's tests still make all their own state, so only what a module keeps at module level
 * is shared, and the project's rules already forbid relying on that. A package opts out
 * (`shareModules: false`) when its files do rely on it: a module mock (`vi.mock`) leaks into
 * later files, and so does what a file leaves in a shared jsdom document. `{ except }` names the
 * files that keep a fresh module graph each, e.g. one that checks what importing a module does,
 * which an already-loaded module would let pass without looking. Check a change with
 * `vitest run --sequence.shuffle.files`, twice.
 *
 * @param {import('./index.d.ts').PackageTestOptions} [test] settings this package changes
 * @param {import('./index.d.ts').PackageConfigOptions} [options]
 * @returns {import('vitest/config').ViteUserConfig}
 */
export function packageTestConfig(test = {}, { shareModules = true } = {}) {
  const settings = {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    expect: { poll: { timeout: POLL_TIMEOUT_MS } },
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    ...test,
  }
  if (!shareModules) return { test: settings }
  const except = shareModules === true ? [] : shareModules.except
  if (except.length === 0) return { test: { ...settings, isolate: false } }
  // Two projects over the package's files. Each is spelled out whole: a project that `extends`
  // the root would get the root's `include` concatenated with its own.
  const { reporters, globalSetup, ...project } = settings
  if (globalSetup) throw new Error('shareModules.except: a globalSetup would run once per project')
  return {
    test: {
      reporters,
      projects: [
        {
          test: {
            ...project,
            name: 'shared',
            isolate: false,
            exclude: [...DEFAULT_EXCLUDE, ...(project.exclude ?? []), ...except],
          },
        },
        { test: { ...project, name: 'isolated', include: except } },
      ],
    },
  }
}

/** How long `expect.poll` waits for what it asks, unless a test says otherwise. */
const POLL_TIMEOUT_MS = 10_000

/** vitest's own default `exclude`, kept when a project adds files to it. */
const DEFAULT_EXCLUDE = ['**/node_modules/**', '**/.git/**']
