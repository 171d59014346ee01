import { numberToHex, type Hex } from 'viem'

/**
 * What wallet_getCapabilities reports for each chain: EIP-5792's `atomic` capability and
 * ERC-7811's `assetDiscovery`, keyed by hex chain id.
 */
export function capabilitiesFor(chainIds: number[]): Record<Hex, Record<string, unknown>> {
  const result: Record<Hex, Record<string, unknown>> = {}
  for (const chainId of chainIds) {
    result[numberToHex(chainId)] = {
      atomic: { status: 'supported' },
      assetDiscovery: { supported: true },
    }
  }
  return result
}
