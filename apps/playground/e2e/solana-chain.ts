import type { SolanaDevnet } from '@latch/solana-devnet'
import {
  address,
  createSolanaRpc,
  getPublicKeyFromAddress,
  getUtf8Encoder,
  lamports,
  signatureBytes,
  verifySignature,
  getBase58Encoder,
} from '@solana/kit'

// What the Solana tests read straight from the local chain, with @solana/kit's own client.

const rpcOf = (devnet: SolanaDevnet) => createSolanaRpc(devnet.rpcUrl)

/** An account's exact lamports. */
export async function solBalance(devnet: SolanaDevnet, owner: string): Promise<bigint> {
  const { value } = await rpcOf(devnet).getBalance(address(owner)).send()
  return value
}

/** Lamports as the exact SOL text core shows (no trailing zeros), e.g. 999.98468672. */
export function solText(value: bigint): string {
  const whole = value / 1_000_000_000n
  const fraction = (value % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

/** The account's SPL holdings (Token and Token-2022) as "<amount> <mint>", read from the chain. */
export async function splHoldings(
  devnet: SolanaDevnet,
  owner: string,
): Promise<Array<{ mint: string; amount: string }>> {
  const rpc = rpcOf(devnet)
  const programs = [devnet.mint.programAddress, devnet.token2022Mint.programAddress]
  const holdings: Array<{ mint: string; amount: string }> = []
  for (const programId of programs) {
    const { value } = await rpc
      .getTokenAccountsByOwner(address(owner), { programId }, { encoding: 'jsonParsed' })
      .send()
    for (const account of value) {
      const info = account.account.data.parsed.info
      holdings.push({ mint: info.mint, amount: info.tokenAmount.uiAmountString })
    }
  }
  return holdings
}

/**
 * Gives the account an odd number of lamports, so the balance a test expects is not the devnet's
 * round one that a hard-coded value could fake.
 */
export async function airdropOddAmount(devnet: SolanaDevnet, owner: string): Promise<void> {
  await rpcOf(devnet).requestAirdrop(address(owner), lamports(1_234_567_891n)).send()
}

/** Whether `signature` (base58, as the adapter answers) is `signer`'s ed25519 over `message`. */
export async function verifiesSolanaMessage(
  signer: string,
  signature: string,
  message: string,
): Promise<boolean> {
  const publicKey = await getPublicKeyFromAddress(address(signer))
  const bytes = signatureBytes(new Uint8Array(getBase58Encoder().encode(signature)))
  return verifySignature(publicKey, bytes, new Uint8Array(getUtf8Encoder().encode(message)))
}
