import type { Address } from 'viem'
import type { DevnetContracts } from './contracts.js'
import type { Devnet } from './devnet.js'

/** What the CLI prints: everything a client needs to reach the devnet, and no private key. */
export interface DevnetSummary {
  chains: Array<{ chainId: number; name: string; rpcUrl: string; port: number }>
  accounts: Address[]
  contracts: Record<number, DevnetContracts>
}

/** Describes a running devnet as plain JSON-safe data (the CLI's output line). */
export function devnetSummary(devnet: Devnet): DevnetSummary {
  return {
    chains: devnet.chains.map(({ chainId, name, rpcUrl, port }) => ({
      chainId,
      name,
      rpcUrl,
      port,
    })),
    accounts: devnet.accounts.map((account) => account.address),
    contracts: { ...devnet.contracts },
  }
}
