import { isBitcoinAddress, type AdapterAccount } from '@latch/core'
import type { AddressPurpose, BitcoinAccountAddress } from './types.js'

const isPurpose = (value: unknown): value is AddressPurpose =>
  value === 'payment' || value === 'ordinals'

/** A Taproot address (witness v1: `bc1p…`, `tb1p…`, `bcrt1p…`). */
const isTaproot = (address: string) => /^(bc|tb|bcrt)1p/i.test(address)

/**
 * An address's purpose: the one the wallet declares (`purpose`, as Exodus' accounts and
 * sats-connect's addresses carry it), else by its type: Taproot is where wallets keep ordinals,
 * anything else pays.
 */
export function purposeOf(address: string, declared: unknown): AddressPurpose {
  if (isPurpose(declared)) return declared
  return isTaproot(address) ? 'ordinals' : 'payment'
}

/** What a wallet says of one address, before it is checked. */
export interface RawAddress {
  readonly address: string
  readonly publicKey: string
  readonly purpose?: unknown
  readonly path?: unknown
}

/**
 * Wallet answers are untrusted: keeps the addresses core's rule accepts, once each, payment ones
 * first (the account in use is the payment one), in the wallet's order otherwise.
 */
export function toAddresses(raw: readonly RawAddress[]): BitcoinAccountAddress[] {
  const seen = new Set<string>()
  const addresses: BitcoinAccountAddress[] = []
  for (const entry of raw) {
    if (!isBitcoinAddress(entry.address) || seen.has(entry.address)) continue
    seen.add(entry.address)
    addresses.push({
      address: entry.address,
      publicKey: entry.publicKey,
      purpose: purposeOf(entry.address, entry.purpose),
      ...(typeof entry.path === 'string' && { path: entry.path }),
    })
  }
  const rank = (address: BitcoinAccountAddress) => (address.purpose === 'payment' ? 0 : 1)
  return addresses.sort((a, b) => rank(a) - rank(b))
}

/** Core's accounts: every address, the payment one first. */
export const toAdapterAccounts = (addresses: readonly BitcoinAccountAddress[]): AdapterAccount[] =>
  addresses.map(({ address }) => ({ address, type: 'eoa' }))
