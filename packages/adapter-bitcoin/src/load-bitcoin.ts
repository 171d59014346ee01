import type * as Lib from './bitcoin-lib.js'
import { lazily } from './lazy.js'

/** The bitcoinjs-lib half of the adapter (see bitcoin-lib.ts). */
export type BitcoinLib = typeof Lib

/** Loads the bitcoinjs-lib half once per page, on the first PSBT built or finalized. */
export const loadBitcoin: () => Promise<BitcoinLib> = lazily(() => import('./bitcoin-lib.js'))
