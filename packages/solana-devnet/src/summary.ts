import type { SolanaDevnet } from './devnet.js'

/** A test mint as the CLI prints it: amounts as decimal strings (JSON has no u64). */
export interface SolanaDevnetMintSummary {
  address: string
  programAddress: string
  symbol: string
  decimals: number
  tokenAccounts: Array<{ owner: string; address: string; amount: string }>
}

/** What the CLI prints: everything a client needs to reach the devnet, and no secret key. */
export interface SolanaDevnetSummary {
  chain: string
  rpcUrl: string
  wsUrl: string
  port: number
  genesisHash: string
  accounts: string[]
  mint: SolanaDevnetMintSummary
  token2022Mint: SolanaDevnetMintSummary
}

function mintSummary(mint: SolanaDevnet['mint']): SolanaDevnetMintSummary {
  return {
    address: mint.address,
    programAddress: mint.programAddress,
    symbol: mint.symbol,
    decimals: mint.decimals,
    tokenAccounts: mint.tokenAccounts.map(({ owner, address, amount }) => ({
      owner,
      address,
      amount: amount.toString(),
    })),
  }
}

/** Describes a running devnet as plain JSON-safe data (the CLI's output line). */
export function solanaDevnetSummary(devnet: SolanaDevnet): SolanaDevnetSummary {
  return {
    chain: devnet.chain,
    rpcUrl: devnet.rpcUrl,
    wsUrl: devnet.wsUrl,
    port: devnet.port,
    genesisHash: devnet.genesisHash,
    accounts: devnet.accounts.map((account) => account.address),
    mint: mintSummary(devnet.mint),
    token2022Mint: mintSummary(devnet.token2022Mint),
  }
}
