import type { ChainNamespace } from '../identifiers/types.js'
import { isTestnet, type Network } from '../network/network.js'
import type { TokenBalance } from './token-balance.js'

// Its own module: the selectors read it at start-up, the rest of these rules only run later.
export { BALANCE_FALLBACK } from './balance-fallback.js'

/** SPEC §4/§9: after a failed balance fetch, no new attempt is made for 30 s. */
export const BALANCE_RETRY_COOLDOWN_MS = 30_000

/** Whose balance the Account view shows: the current account, on its namespace's active network. */
export interface BalanceTarget {
  /** Identifies the read: a new key is a new read, the same key is no change. */
  key: string
  namespace: ChainNamespace
  connectorId: string
  address: string
  /** The chain the wallet is on (EVM: the decimal chain id). */
  chainReference: string
  /** The namespace's active network, when one is configured. */
  network?: Network
}

export function balanceTarget(target: Omit<BalanceTarget, 'key'>): BalanceTarget {
  const { namespace, chainReference, address, network } = target
  return { ...target, key: [namespace, chainReference, address, network?.caipNetworkId].join('|') }
}

/**
 * SPEC §9: testnets and unsupported chains show 0.00, and are never read. A wallet on a chain
 * other than the active network is on an unsupported one (for the Account view's purpose).
 */
export function isBalanceReadable(target: BalanceTarget): target is BalanceTarget & {
  network: Network
} {
  const { network } = target
  return !!network && !isTestnet(network) && String(network.id) === target.chainReference
}

/** The symbol a fallback balance shows: the network's, else ETH (SPEC §8). */
export function fallbackSymbol(target: BalanceTarget): string {
  return target.network?.nativeCurrency.symbol ?? 'ETH'
}

/** Failed reads by target key, with the time they failed (ms since the epoch). */
export type BalanceFailures = Readonly<Record<string, number>>

/** SPEC §4: a read that failed less than 30 s ago is not attempted again. */
export function isCoolingDown(failures: BalanceFailures, key: string, now: number): boolean {
  const failedAt = failures[key]
  return failedAt !== undefined && now - failedAt < BALANCE_RETRY_COOLDOWN_MS
}

/** Records a failure, dropping the ones whose cooldown is over so the record stays small. */
export function withFailure(failures: BalanceFailures, key: string, now: number): BalanceFailures {
  const kept = Object.entries(failures).filter(([, at]) => now - at < BALANCE_RETRY_COOLDOWN_MS)
  return { ...Object.fromEntries(kept), [key]: now }
}

/** SPEC §4: "Tokens with zero decimals are filtered out", whichever adapter listed them. */
export function withoutZeroDecimalTokens(tokens: readonly TokenBalance[]): TokenBalance[] {
  return tokens.filter((token) => Number(token.quantity.decimals) > 0)
}
