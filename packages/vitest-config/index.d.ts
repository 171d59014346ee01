import type { ViteUserConfig } from 'vitest/config'

/** The vitest `test` settings a package may change. */
export type PackageTestOptions = NonNullable<ViteUserConfig['test']>

/** How the package's test files share a worker. */
export interface PackageConfigOptions {
  /**
   * `true` (the default): files run one after another in one module graph per worker
   * (`isolate: false`), not each in a fresh process. `{ except }`: the same, but these files
   * (relative to the package) keep a fresh module graph each. `false`: every file is isolated,
   * for a package whose files rely on module state another leaves (a `vi.mock`, a shared jsdom).
   */
  shareModules?: boolean | { except: string[] }
}

/** The unit-test settings every @latch package shares, with this package's changes on top. */
export declare function packageTestConfig(
  test?: PackageTestOptions,
  options?: PackageConfigOptions,
): ViteUserConfig
