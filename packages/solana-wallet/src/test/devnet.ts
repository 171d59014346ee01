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
import { startSolanaDevnet, type SolanaDevnet } from '@latch/solana-devnet'
import { createSolanaDevWallet } from '../wallet.js'
import type { ApprovalPolicy, SolanaDevWallet, SolanaDevWalletConfig } from '../types.js'
import type { SolanaDevWalletFeatures } from '../wallet.js'

/** A devnet on a free port, whatever LATCH_SOLANA_PORT the shell has set. */
export function startTestDevnet(): Promise<SolanaDevnet> {
  return startSolanaDevnet({ port: 0 })
}

export function walletConfig(
  devnet: SolanaDevnet,
  overrides: Partial<SolanaDevWalletConfig> = {},
): SolanaDevWalletConfig {
  return {
    rpcUrl: devnet.rpcUrl,
    accounts: devnet.accounts,
    approval: 'auto-approve',
    ...overrides,
  }
}

/** A wallet the app already connected to, then set to `approval` for what the test asks next. */
export async function connectedWallet(
  devnet: SolanaDevnet,
  approval: ApprovalPolicy = 'auto-approve',
  overrides: Partial<SolanaDevWalletConfig> = {},
): Promise<SolanaDevWallet> {
  const dev = createSolanaDevWallet(
    walletConfig(devnet, { ...overrides, approval: 'auto-approve' }),
  )
  await features(dev)['standard:connect'].connect()
  dev.control.setApproval(approval)
  return dev
}

/** The features as an app reaches them: by name, typed by the wallet's own feature map. */
export const features = (dev: SolanaDevWallet) => dev.wallet.features as SolanaDevWalletFeatures

/** An unsigned SOL transfer in wire format, as an app hands it to a wallet. */
export async function transferBytes(
  rpcUrl: string,
  from: string,
  to: string,
  lamports: bigint,
): Promise<Uint8Array> {
  const rpc = createSolanaRpc(rpcUrl)
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
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

export async function balance(rpcUrl: string, of: string): Promise<bigint> {
  const { value } = await createSolanaRpc(rpcUrl).getBalance(address(of)).send()
  return value
}

/** The error a call fails with; throws when it succeeds instead. */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code?: number }> {
  try {
    await promise
  } catch (error) {
    return error as Error & { code?: number }
  }
  throw new Error('expected the call to fail')
}
