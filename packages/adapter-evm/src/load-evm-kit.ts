import type * as Kit from './evm-kit.js'

/** The viem half of the adapter (see evm-kit.ts). */
export type EvmKit = typeof Kit

let loading: Promise<EvmKit> | undefined

/**
 * Loads the viem half of the adapter once per page: the first call starts the `import()`, every
 * later one gets the same promise. A failed load (a dropped connection) is forgotten, so the next
 * call tries again instead of failing forever.
 */
export function loadEvmKit(): Promise<EvmKit> {
  loading ??= import('./evm-kit.js').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
