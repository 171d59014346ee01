import type { RemoteProvider } from '@latch/core'
import type { SolanaDevnetKeypair } from '@latch/solana-devnet'
import {
  createKeyPairFromBytes,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit'

type Listener = (...args: never[]) => void
type Answer = (params: unknown) => unknown

/** A JSON-RPC error as the WalletConnect provider rejects with. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * A lent provider (what a WalletConnect session looks like to the adapter), scripted: each
 * method answers with `answers[method]`, an unknown one rejects with the provider's 4200.
 * `calls` records every request; `fire` plays the session's events.
 */
export function fakeRemote(answers: Record<string, Answer>) {
  const listeners = new Map<string, Set<Listener>>()
  const calls: Array<{ method: string; params: unknown }> = []
  const provider: RemoteProvider = {
    async request({ method, params }) {
      calls.push({ method, params })
      const answer = answers[method]
      if (!answer) throw new RpcError(4200, `Unsupported method: ${method}`)
      return answer(params)
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
  const fire = (event: string, payload: unknown) =>
    listeners.get(event)?.forEach((listener) => (listener as (value: unknown) => void)(payload))
  const count = () => [...listeners.values()].reduce((n, set) => n + set.size, 0)
  return { provider, calls, fire, count }
}

/** The account methods answering `[{ pubkey }]` for `addresses`. */
export function accountAnswers(addresses: readonly string[]): Record<string, Answer> {
  const accounts = () => addresses.map((pubkey) => ({ pubkey }))
  return { solana_requestAccounts: accounts, solana_getAccounts: accounts }
}

/**
 * A session wallet holding `keypair`, answering as the WalletConnect Solana reference says:
 * signMessage signs the base58 message; signTransaction answers the signature and, unless
 * `signatureOnly`, the signed transaction. No signAndSend: the adapter then sends itself.
 */
export async function signingAnswers(
  keypair: SolanaDevnetKeypair,
  options: { signatureOnly?: boolean } = {},
): Promise<Record<string, Answer>> {
  const pair = await createKeyPairFromBytes(keypair.secretKey)
  const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
  return {
    ...accountAnswers([keypair.address]),
    async solana_signMessage(params) {
      const { message } = params as { message: string }
      const signature = await signBytes(pair.privateKey, getBase58Encoder().encode(message))
      return { signature: base58(signature) }
    },
    async solana_signTransaction(params) {
      const { transaction } = params as { transaction: string }
      const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
      const signed = await partiallySignTransaction([pair], decoded)
      const signature = base58(new Uint8Array(signed.signatures[keypair.address]!))
      if (options.signatureOnly) return { signature }
      const wire = new Uint8Array(getTransactionEncoder().encode(signed))
      return { signature, transaction: getBase64Decoder().decode(wire) }
    },
  }
}
