export {
  LAMPORTS_PER_SOL,
  SOLANA_DEVNET_ACCOUNT_BALANCE_SOL,
  SOLANA_DEVNET_ACCOUNT_COUNT,
  SOLANA_DEVNET_SEED_PREFIX,
  solanaDevnetAccounts,
  solanaDevnetMintKeypairs,
  type SolanaDevnetKeypair,
} from './accounts.js'
export { BLOCKHASH_VALIDITY_SLOTS, SLOTS_PER_EPOCH } from './chain.js'
export { startSolanaDevnet, type SolanaDevnet, type StartSolanaDevnetOptions } from './devnet.js'
export type { SolanaDevnetMint, SolanaDevnetTokenAccount } from './fixtures.js'
export {
  SOLANA_DEVNET_CHAIN,
  solanaDevnetNetwork,
  type SolanaDevnetEndpoints,
  type SolanaDevnetNetwork,
} from './network.js'
export { SOLANA_DEVNET_PORT_ENV } from './ports.js'
export { SOLANA_API_VERSION } from './rpc/context.js'
export { SOLANA_DEVNET_HOST } from './server.js'
export {
  solanaDevnetSummary,
  type SolanaDevnetMintSummary,
  type SolanaDevnetSummary,
} from './summary.js'
export {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  TEST_SPL_TOKEN,
  TEST_TOKEN_2022,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  type SolanaDevnetTestToken,
} from './tokens.js'
