/**
 * The devnet's two test tokens: a classic SPL Token mint and a Token-2022 mint, each held by the
 * first three funded accounts. Plain data (no Node API), like `accounts.ts`.
 */
import type { Address } from '@solana/kit'
import { solanaDevnetAccounts } from './accounts.js'

/** The SPL Token program, the Token-2022 program, and the associated token account program. */
export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
export const ASSOCIATED_TOKEN_PROGRAM_ADDRESS =
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address

/** A test token: its mint and who holds how much of it when the devnet starts. */
export interface SolanaDevnetTestToken {
  /** Not on-chain (SPL mints carry no metadata): for a host's known-token list. */
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** The mint's address. */
  readonly address: Address
  /** The token program that owns the mint and its accounts. */
  readonly programAddress: Address
  /** Mint and freeze authority: the mint authority is account 0; there is no freeze authority. */
  readonly mintAuthority: Address
  /** The owners of the token accounts created at start-up (accounts 0..2; 3 and 4 hold none). */
  readonly holders: readonly Address[]
  /** Base units each holder's associated token account starts with (1,000,000 tokens). */
  readonly amountPerHolder: bigint
}

const accounts = solanaDevnetAccounts()
const holders = Object.freeze(accounts.slice(0, 3).map((account) => account.address))

/** The classic SPL Token mint: 6 decimals, like USDC. */
export const TEST_SPL_TOKEN: SolanaDevnetTestToken = Object.freeze({
  name: 'Latch Test Token',
  symbol: 'LTT',
  decimals: 6,
  address: 'v2HmaHV3VfL13ZqjGpA9ZAQiC1AMzMeG8LdGt4dYCyq' as Address,
  programAddress: TOKEN_PROGRAM_ADDRESS,
  mintAuthority: accounts[0]!.address,
  holders,
  amountPerHolder: 1_000_000n * 10n ** 6n,
})

/** The Token-2022 mint: 9 decimals; its holders' accounts are real ATAs (ImmutableOwner). */
export const TEST_TOKEN_2022: SolanaDevnetTestToken = Object.freeze({
  name: 'Latch Test Token 2022',
  symbol: 'LT22',
  decimals: 9,
  address: '6g88PKncPEkvh6gXbWSZDDb66rHofSKF6fTtnw8AUSJd' as Address,
  programAddress: TOKEN_2022_PROGRAM_ADDRESS,
  mintAuthority: accounts[0]!.address,
  holders,
  amountPerHolder: 1_000_000n * 10n ** 9n,
})
