import { fileURLToPath } from 'node:url'
import {
  compilePackage as compile,
  type CompiledPackage,
} from '@latch/vitest-config/compile-package'

/** A throwaway build of this package, for tests that run its real CLI as a process. */
export function compilePackage(): Promise<CompiledPackage> {
  return compile(fileURLToPath(new URL('../..', import.meta.url)), 'latch-identity-provider.mjs')
}
