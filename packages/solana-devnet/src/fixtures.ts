/**
 * What a fresh devnet holds: the funded accounts and the two test mints with their holders'
 * token accounts. All of it is made by real transactions through the same path sendTransaction
 * takes (airdrops, then System + Token / Token-2022 + Associated Token program instructions), so
 * the accounts are exactly what those programs write, Token-2022's ImmutableOwner ATAs included.
 */
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
} from '@solana-program/token'
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit'
import {
  LAMPORTS_PER_SOL,
  SOLANA_DEVNET_ACCOUNT_BALANCE_SOL,
  solanaDevnetAccounts,
  solanaDevnetMintKeypairs,
  type SolanaDevnetKeypair,
} from './accounts.js'
import type { SolanaChain } from './chain.js'
import { describeTransactionError } from './transaction-error.js'
import { TEST_SPL_TOKEN, TEST_TOKEN_2022, type SolanaDevnetTestToken } from './tokens.js'
import { decodeWireTransaction } from './wire.js'

/** A holder's token account, as created at start-up. */
export interface SolanaDevnetTokenAccount {
  readonly owner: Address
  /** The owner's associated token account for the mint. */
  readonly address: Address
  readonly amount: bigint
}

/** A test mint on a running devnet, with the token accounts it started with. */
export interface SolanaDevnetMint extends SolanaDevnetTestToken {
  readonly tokenAccounts: readonly SolanaDevnetTokenAccount[]
}

/** What {@link installFixtures} made. */
export interface SolanaDevnetFixtures {
  readonly accounts: SolanaDevnetKeypair[]
  readonly mint: SolanaDevnetMint
  readonly token2022Mint: SolanaDevnetMint
}

const MINT_SIZE = getMintSize()

/** Signs and lands one transaction on the chain, or throws with the runtime's reason. */
async function land(
  chain: SolanaChain,
  payer: TransactionSigner,
  instructions: Instruction[],
): Promise<void> {
  const { blockhash, lastValidBlockHeight } = chain.latestBlockhash()
  const signed = await pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayerSigner(payer, message),
    (message) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight },
        message,
      ),
    (message) => appendTransactionMessageInstructions(instructions, message),
    (message) => signTransactionMessageWithSigners(message),
  )
  const wire = decodeWireTransaction(getBase64EncodedWireTransaction(signed), 'base64')
  const outcome = chain.send(wire, { skipPreflight: false })
  if (outcome.kind === 'rejected') {
    throw new Error(`devnet set-up failed: ${describeTransactionError(outcome.simulation.err!)}`)
  }
}

async function installMint(
  chain: SolanaChain,
  authority: TransactionSigner,
  token: SolanaDevnetTestToken,
  keypair: SolanaDevnetKeypair,
): Promise<SolanaDevnetMint> {
  const mint = await createKeyPairSignerFromBytes(keypair.secretKey)
  const programAddress = token.programAddress
  await land(chain, authority, [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mint,
      lamports: chain.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE)),
      space: MINT_SIZE,
      programAddress,
    }),
    getInitializeMint2Instruction(
      { mint: mint.address, decimals: token.decimals, mintAuthority: authority.address },
      { programAddress },
    ),
  ])
  const tokenAccounts: SolanaDevnetTokenAccount[] = []
  for (const owner of token.holders) {
    const [ata] = await findAssociatedTokenPda({
      owner,
      mint: mint.address,
      tokenProgram: programAddress,
    })
    await land(chain, authority, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: authority,
        ata,
        owner,
        mint: mint.address,
        tokenProgram: programAddress,
      }),
      getMintToInstruction(
        { mint: mint.address, token: ata, mintAuthority: authority, amount: token.amountPerHolder },
        { programAddress },
      ),
    ])
    tokenAccounts.push({ owner, address: ata, amount: token.amountPerHolder })
  }
  return { ...token, tokenAccounts }
}

/**
 * Funds {@link solanaDevnetAccounts} with 1,000 SOL each from the faucet, then creates the two
 * test mints (authority: account 0) and mints each holder its tokens.
 * @throws Error if any of these transactions fails (a bug, not a state a caller can cause).
 */
export async function installFixtures(chain: SolanaChain): Promise<SolanaDevnetFixtures> {
  const accounts = solanaDevnetAccounts()
  for (const account of accounts) {
    const funded = chain.airdrop(
      account.address,
      BigInt(SOLANA_DEVNET_ACCOUNT_BALANCE_SOL) * LAMPORTS_PER_SOL,
    )
    if (funded.err !== null) {
      throw new Error(`devnet set-up failed: ${describeTransactionError(funded.err)}`)
    }
  }
  const authority = await createKeyPairSignerFromBytes(accounts[0]!.secretKey)
  const mints = solanaDevnetMintKeypairs()
  const mint = await installMint(chain, authority, TEST_SPL_TOKEN, mints.splToken)
  const token2022Mint = await installMint(chain, authority, TEST_TOKEN_2022, mints.token2022)
  return { accounts, mint, token2022Mint }
}
