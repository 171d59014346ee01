import type * as Kit from './solana-kit.js'

/** The @solana/kit half of the adapter (see solana-kit.ts). */
export type SolanaKit = typeof Kit

let loading: Promise<SolanaKit> | undefined

/**
 * Loads the kit half of the adapter once per page: the first call starts the `import()`, every
 * later one gets the same promise. A failed load (a dropped connection) is forgotten, so the next
 * call tries again instead of failing forever.
 */
export function loadSolanaKit(): Promise<SolanaKit> {
  loading ??= import('./solana-kit.js').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
