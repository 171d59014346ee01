import type { BitcoinDevnet } from './devnet.js'

/** One key as the CLI prints it: no private key (those come from the package, never the output). */
export interface BitcoinDevnetKeySummary {
  address: string
  publicKey: string
  path: string
}

/** What the CLI prints: everything a client needs to reach the devnet. */
export interface BitcoinDevnetSummary {
  chain: string
  url: string
  esploraUrl: string
  port: number
  genesisHash: string
  accounts: Array<{
    index: number
    payment: BitcoinDevnetKeySummary
    ordinals: BitcoinDevnetKeySummary
  }>
}

/** Describes a running devnet as plain JSON-safe data (the CLI's output line). */
export function bitcoinDevnetSummary(devnet: BitcoinDevnet): BitcoinDevnetSummary {
  const key = ({ address, publicKey, path }: BitcoinDevnetKeySummary) => ({
    address,
    publicKey,
    path,
  })
  return {
    chain: devnet.chain,
    url: devnet.url,
    esploraUrl: devnet.esploraUrl,
    port: devnet.port,
    genesisHash: devnet.genesisHash,
    accounts: devnet.accounts.map((account) => ({
      index: account.index,
      payment: key(account.payment),
      ordinals: key(account.ordinals),
    })),
  }
}
