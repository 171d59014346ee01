import type { ViteUserConfig } from 'vitest/config'

/** The vitest `test` settings a package may change. */
export type PackageTestOptions = NonNullable<ViteUserConfig['test']>

/** The unit-test settings every @latch package shares, with this package's changes on top. */
export declare function packageTestConfig(test?: PackageTestOptions): ViteUserConfig
