import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'

/** An unsigned SOL transfer in wire format (version 0), as a dapp hands it to a wallet. */
export async function transferBytes(
  rpcUrl: string,
  from: string,
  to: string,
  lamports: bigint,
): Promise<Uint8Array> {
  const { value: blockhash } = await createSolanaRpc(rpcUrl).getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(address(from)),
          destination: address(to),
          amount: lamports,
        }),
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

/** An account's exact lamports. */
export async function lamportsOf(rpcUrl: string, owner: string): Promise<bigint> {
  return (await createSolanaRpc(rpcUrl).getBalance(address(owner)).send()).value
}
