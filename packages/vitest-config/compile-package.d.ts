/** A throwaway build of a package: `dist/` plus a copy of `bin/`. */
export interface CompiledPackage {
  readonly dir: string
  readonly bin: string
  readonly index: string
  remove(): Promise<void>
}

/** Builds the package at `packageDir` into a private directory (see compile-package.js). */
export declare function compilePackage(
  packageDir: string,
  binName: string,
): Promise<CompiledPackage>
