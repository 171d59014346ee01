import { LatchError, isSolanaAddress, type Network } from '@latch/core'

/** SPEC §5: the preflight commitments a Solana send accepts. */
export const preflightCommitments = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
] as const
export type PreflightCommitment = (typeof preflightCommitments)[number]

export function isPreflightCommitment(value: unknown): value is PreflightCommitment {
  return preflightCommitments.includes(value as PreflightCommitment)
}

/**
 * The commitment the RPC understands for a preflight commitment: the legacy names (`recent`,
 * `single`, `singleGossip`, `root`, `max`) are the node's old aliases of the three current ones.
 */
export function rpcCommitment(value: PreflightCommitment): 'processed' | 'confirmed' | 'finalized' {
  switch (value) {
    case 'recent':
      return 'processed'
    case 'single':
    case 'singleGossip':
      return 'confirmed'
    case 'root':
    case 'max':
      return 'finalized'
    default:
      return value
  }
}

/**
 * SPEC §5's Solana address rule (core's: 32 to 44 base58 characters). A wrong one is refused
 * with SPEC §8's 'Invalid CAIP Address' before any wallet or RPC is asked.
 */
export function assertSolanaAddress(value: string): void {
  if (!isSolanaAddress(value)) throw new LatchError('INVALID_CAIP_ADDRESS')
}

/** Only `solana` networks: any other is SPEC §8's 'Chain is not supported'. */
export function assertSolanaNetwork(network: Network): void {
  if (network.chainNamespace !== 'solana') throw new LatchError('CHAIN_NOT_SUPPORTED')
}
