/**
 * Test helpers: @solana/kit's own clients against a devnet, fresh funded accounts, signed
 * transfers, and a raw JSON-RPC call for asserting exact wire shapes.
 */
import { getTransferSolInstruction } from '@solana-program/system'
import {
  airdropFactory,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  type TransactionSigner,
} from '@solana/kit'
import { afterAll, beforeAll } from 'vitest'
import { startSolanaDevnet, type SolanaDevnet, type StartSolanaDevnetOptions } from '../devnet.js'
import { parseJson } from '../serialize.js'

export const SOL = 1_000_000_000n

/** kit's RPC, subscriptions and the helpers built on them, for one devnet. */
export interface KitClients {
  rpc: Rpc<SolanaRpcApi>
  rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>
  sendAndConfirm: ReturnType<typeof sendAndConfirmTransactionFactory>
  airdrop: ReturnType<typeof airdropFactory>
}

export function kitClients(devnet: Pick<SolanaDevnet, 'rpcUrl' | 'wsUrl'>): KitClients {
  const rpc = createSolanaRpc(devnet.rpcUrl)
  const rpcSubscriptions = createSolanaRpcSubscriptions(devnet.wsUrl)
  return {
    rpc,
    rpcSubscriptions,
    sendAndConfirm: sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions }),
    airdrop: airdropFactory({ rpc, rpcSubscriptions }),
  }
}

/** One devnet for the file (started before its tests, stopped after), with kit's clients. */
export function useDevnet(options: StartSolanaDevnetOptions = {}): () => {
  devnet: SolanaDevnet
  kit: KitClients
} {
  let state: { devnet: SolanaDevnet; kit: KitClients } | undefined
  beforeAll(async () => {
    const devnet = await startSolanaDevnet(options)
    state = { devnet, kit: kitClients(devnet) }
  })
  afterAll(async () => {
    await state?.devnet.stop()
  })
  return () => {
    if (state === undefined) throw new Error('the devnet is not started yet')
    return state
  }
}

/** A fresh keypair holding `sol` SOL from an airdrop, confirmed through kit's airdrop helper. */
export async function fundedSigner(kit: KitClients, sol = 10n): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner()
  await kit.airdrop({
    recipientAddress: signer.address,
    lamports: lamports(sol * SOL),
    commitment: 'confirmed',
  })
  return signer
}

/** A signed transaction with a blockhash lifetime: what kit's send-and-confirm takes. */
export type SignedTransaction = Parameters<KitClients['sendAndConfirm']>[0]

/** Signs a v0 transaction paying from `payer` on the devnet's latest blockhash. */
export async function signedTransaction(
  kit: KitClients,
  payer: TransactionSigner,
  instructions: Instruction[],
  blockhash?: { blockhash: string; lastValidBlockHeight: bigint },
): Promise<SignedTransaction> {
  const lifetime = (blockhash ?? (await kit.rpc.getLatestBlockhash().send()).value) as {
    blockhash: Blockhash
    lastValidBlockHeight: bigint
  }
  // kit's pipe widens the lifetime to "blockhash or nonce"; it is a blockhash here.
  return (await pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayerSigner(payer, message),
    (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
    (message) => appendTransactionMessageInstructions(instructions, message),
    (message) => signTransactionMessageWithSigners(message),
  )) as SignedTransaction
}

/** A signed SOL transfer. */
export async function transfer(
  kit: KitClients,
  source: TransactionSigner,
  destination: Address,
  amount: bigint,
  extra: Instruction[] = [],
) {
  const instruction = getTransferSolInstruction({ source, destination, amount: lamports(amount) })
  return signedTransaction(kit, source, [...extra, instruction])
}

/** The base64 wire form of a signed transaction, for raw sendTransaction calls. */
export const wire = getBase64EncodedWireTransaction

/** One JSON-RPC response as it came over the wire. */
export interface RpcReply<T = unknown> {
  jsonrpc: '2.0'
  id: unknown
  result?: T
  error?: { code: number; message: string; data?: unknown }
}

/** A raw JSON-RPC exchange, read with the same bigint-exact parser kit uses. */
export async function rawRpc(
  url: string,
  body: unknown,
): Promise<{ status: number; text: string; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, text, json: text === '' ? undefined : parseJson(text) }
}

/** A raw single call, `{ jsonrpc, id: 1, method, params }`, and its response. */
export async function call<T = unknown>(
  url: string,
  method: string,
  params?: unknown,
): Promise<RpcReply<T>> {
  const body = { jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }
  return (await rawRpc(url, body)).json as RpcReply<T>
}
