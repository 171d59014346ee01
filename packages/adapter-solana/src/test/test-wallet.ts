import type { SolanaDevnetKeypair } from '@latch/solana-devnet'
import {
  createKeyPairFromBytes,
  createSolanaRpc,
  getBase64EncodedWireTransaction,
  getBase58Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  signBytes,
  signTransaction,
  type Base64EncodedWireTransaction,
} from '@solana/kit'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'

/** The error a real wallet throws when its user says no (EIP-1193's code, as Solana wallets use). */
export class UserRejectedError extends Error {
  readonly code = 4001
  constructor() {
    super('User rejected the request.')
  }
}

export interface TestWalletOptions {
  name: string
  keypairs: readonly SolanaDevnetKeypair[]
  rpcUrl: string
  chain: `solana:${string}`
  /** Leave out `solana:signAndSendTransaction`, so the adapter signs then sends itself. */
  signOnly?: boolean
  /** Leave out `standard:events`: the adapter must ignore such a wallet. */
  withoutEvents?: boolean
  /**
   * Offer `solana:signIn`: it signs the JSON of the input it was given (not SIWS's text: these
   * tests look at what the adapter hands the wallet and reads back).
   */
  signIn?: boolean
}

type ChangeListener = (properties: { accounts?: readonly WalletAccount[] }) => void

export interface TestWallet extends Wallet {
  /** What the next prompt answers. */
  approval: 'approve' | 'reject'
  /** Whether this site is authorized, as a silent connect sees it. */
  authorized: boolean
  /** Exposes the first `count` keypairs (0: none) and says so through `standard:events`. */
  exposeAccounts(count: number): void
  /** The inputs `solana:signIn` was given, in order. */
  readonly signInInputs: unknown[]
}

/**
 * A minimal Wallet-Standard wallet on @solana/kit keys, for these tests only (the real test
 * wallet is `@latch/solana-wallet`). It signs with the devnet's fixed keypairs and answers on a
 * script: `approval` decides every prompt, a rejection throws 4001 as real wallets do.
 */
export async function createTestWallet(options: TestWalletOptions): Promise<TestWallet> {
  const keys = await Promise.all(
    options.keypairs.map(async (keypair) => ({
      account: new ReadonlyWalletAccount({
        address: keypair.address,
        publicKey: new Uint8Array(getBase58Encoder().encode(keypair.address)),
        chains: [options.chain],
        features: ['solana:signMessage', 'solana:signTransaction'],
      }),
      pair: await createKeyPairFromBytes(keypair.secretKey),
    })),
  )
  const rpc = createSolanaRpc(options.rpcUrl)
  const listeners = new Set<ChangeListener>()
  let accounts: readonly WalletAccount[] = []

  const prompt = () => {
    if (wallet.approval === 'reject') throw new UserRejectedError()
  }
  const pairOf = (account: WalletAccount) => {
    const key = keys.find((candidate) => candidate.account.address === account.address)
    if (!key || !accounts.includes(key.account)) throw new Error('Unknown account')
    return key.pair
  }
  const sign = async (account: WalletAccount, bytes: Uint8Array) => {
    const decoded = getTransactionDecoder().decode(bytes)
    const signed = await signTransaction([pairOf(account)], decoded)
    return { signed, wire: new Uint8Array(getTransactionEncoder().encode(signed)) }
  }
  const setAccounts = (next: readonly WalletAccount[]) => {
    accounts = next
    for (const listener of [...listeners]) listener({ accounts })
  }

  const transactionFeature = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
  } as const
  const features: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input?: { silent?: boolean }) {
        if (input?.silent) return { accounts: wallet.authorized ? accounts : [] }
        prompt()
        wallet.authorized = true
        if (accounts.length === 0) setAccounts([keys[0]!.account])
        return { accounts }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        wallet.authorized = false
        setAccounts([])
      },
    },
    'solana:signMessage': {
      version: '1.0.0',
      async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
        prompt()
        return Promise.all(
          inputs.map(async ({ account, message }) => ({
            signedMessage: message,
            signature: new Uint8Array(await signBytes(pairOf(account).privateKey, message)),
          })),
        )
      },
    },
    'solana:signTransaction': {
      ...transactionFeature,
      async signTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array }[]) {
        prompt()
        return Promise.all(
          inputs.map(async ({ account, transaction }) => ({
            signedTransaction: (await sign(account, transaction)).wire,
          })),
        )
      },
    },
  }
  if (!options.withoutEvents) {
    features['standard:events'] = {
      version: '1.0.0',
      on(event: string, listener: ChangeListener) {
        if (event !== 'change') return () => undefined
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
    }
  }
  const signInInputs: unknown[] = []
  if (options.signIn) {
    features['solana:signIn'] = {
      version: '1.0.0',
      async signIn(...inputs: { address?: string }[]) {
        prompt()
        return Promise.all(
          inputs.map(async (input) => {
            signInInputs.push(input)
            const key = keys.find((candidate) => candidate.account.address === input.address)
            if (!key) throw new Error('no such account')
            const signedMessage = new TextEncoder().encode(JSON.stringify(input))
            const signature = new Uint8Array(await signBytes(key.pair.privateKey, signedMessage))
            return { account: key.account, signedMessage, signature, signatureType: 'ed25519' }
          }),
        )
      },
    }
  }
  if (!options.signOnly) {
    features['solana:signAndSendTransaction'] = {
      ...transactionFeature,
      async signAndSendTransaction(
        ...inputs: {
          account: WalletAccount
          transaction: Uint8Array
          options?: { preflightCommitment?: 'processed' | 'confirmed' | 'finalized' }
        }[]
      ) {
        prompt()
        return Promise.all(
          inputs.map(async ({ account, transaction, options: sendOptions }) => {
            const { signed } = await sign(account, transaction)
            const wire = getBase64EncodedWireTransaction(signed) as Base64EncodedWireTransaction
            const signature = await rpc
              .sendTransaction(wire, {
                encoding: 'base64',
                preflightCommitment: sendOptions?.preflightCommitment ?? 'confirmed',
              })
              .send()
            return { signature: new Uint8Array(getBase58Encoder().encode(signature)) }
          }),
        )
      },
    }
  }

  const wallet: TestWallet = {
    version: '1.0.0',
    name: options.name,
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: [options.chain],
    features,
    get accounts() {
      return accounts
    },
    approval: 'approve',
    authorized: false,
    signInInputs,
    exposeAccounts(count) {
      setAccounts(keys.slice(0, count).map((key) => key.account))
    },
  }
  return wallet
}
