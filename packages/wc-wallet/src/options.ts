import type { Hex } from 'viem'
import { z } from 'zod'
import { loopbackUrl } from './loopback.js'
import type { WcKeyValueStorage } from './storage.js'

/** How the wallet answers proposals or requests that need the user: at once, or when told. */
export const policySchema = z.enum(['approve', 'reject', 'manual'])
export type Policy = z.infer<typeof policySchema>

/** Anvil funds ten accounts (see @latch/devnet). */
export const DEVNET_ACCOUNT_COUNT = 10

const metadataSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  url: z.url(),
  icons: z.array(z.string()),
})

/** The wallet's metadata as dapps see it. */
export type WalletMetadata = z.infer<typeof metadataSchema>

export const DEFAULT_METADATA: WalletMetadata = {
  name: 'Latch WC Wallet',
  description: 'A WalletConnect wallet holding devnet keys, for development and tests.',
  url: 'http://127.0.0.1',
  icons: [],
}

/** A placeholder: the local relay accepts any project id, and the public one is never reached. */
export const DEFAULT_PROJECT_ID = 'latch-local'

const storageSchema = z.custom<WcKeyValueStorage>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    ['getKeys', 'getEntries', 'getItem', 'setItem', 'removeItem'].every(
      (name) => typeof (value as Record<string, unknown>)[name] === 'function',
    ),
  { message: 'must implement getKeys, getEntries, getItem, setItem and removeItem' },
)

const chainIdKey = z.string().regex(/^[1-9]\d*$/, 'chain ids must be positive integers')

/** The Solana cluster a local chain is named by (`@solana/wallet-standard-chains`' SOLANA_LOCALNET_CHAIN). */
export const SOLANA_LOCALNET = 'solana:localnet'

/** A CAIP-2 Solana chain id (CAIP-2's reference grammar). */
const solanaChain = z
  .string()
  .regex(/^solana:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 Solana chain id, e.g. solana:localnet')

const solanaSchema = z.object({
  rpcUrl: loopbackUrl(['http:', 'https:']),
  secretKey: z
    .instanceof(Uint8Array)
    .refine(
      (bytes) => bytes.length === 64,
      'must be a 64-byte Solana secret key (seed ‖ public key)',
    ),
  chains: z.array(solanaChain).min(1).optional(),
})

export const walletOptionsSchema = z
  .object({
    relayUrl: loopbackUrl(['ws:', 'wss:']),
    projectId: z.string().min(1).optional(),
    privateKey: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex key')
      .optional(),
    accountIndex: z
      .number()
      .int()
      .min(0)
      .max(DEVNET_ACCOUNT_COUNT - 1)
      .optional(),
    rpcUrls: z
      .record(chainIdKey, loopbackUrl(['http:', 'https:']))
      .refine((urls) => Object.keys(urls).length > 0, 'needs at least one chain'),
    chainId: z.number().int().positive().optional(),
    metadata: metadataSchema.optional(),
    storage: storageSchema.optional(),
    policy: z.object({ proposals: policySchema, requests: policySchema }).partial().optional(),
    solana: solanaSchema.optional(),
    /** sign-client's log level; 'error' by default. */
    logLevel: z.enum(['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace']).optional(),
  })
  .refine(
    (options) => (options.privateKey === undefined) !== (options.accountIndex === undefined),
    {
      message: 'give exactly one of privateKey and accountIndex',
      path: ['privateKey'],
    },
  )
  .refine(
    (options) => options.chainId === undefined || String(options.chainId) in options.rpcUrls,
    {
      message: 'chainId must be one of the rpcUrls chains',
      path: ['chainId'],
    },
  )

/** Options of {@link createWcWallet}. */
export interface WcWalletOptions {
  /** The relay's WebSocket URL, e.g. `ws://127.0.0.1:PORT` from @latch/relay. Loopback only. */
  relayUrl: string
  projectId?: string
  /** The key to hold; or `accountIndex` to hold one of the devnet's funded accounts. */
  privateKey?: Hex
  accountIndex?: number
  /** An http(s) RPC URL on 127.0.0.1 per chain the wallet can use, by chain id. */
  rpcUrls: Record<number, string>
  /** The current chain at start; the first of `rpcUrls` by default. */
  chainId?: number
  metadata?: WalletMetadata
  /** sign-client's storage; a fresh in-memory one per wallet by default. */
  storage?: WcKeyValueStorage
  /** 'manual' proposals and 'approve' requests by default. */
  policy?: { proposals?: Policy; requests?: Policy }
  logLevel?: 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
  /** A Solana key too: the wallet then also approves the `solana` namespace. */
  solana?: WcWalletSolanaOptions
}

/** The Solana side of {@link WcWalletOptions}. */
export interface WcWalletSolanaOptions {
  /** The cluster's JSON-RPC URL on 127.0.0.1, where `solana_signAndSendTransaction` sends. */
  rpcUrl: string
  /**
   * The 64-byte secret key (seed ‖ public key, Solana's keypair-file format), e.g. `secretKey`
   * of `solanaDevnetAccounts()[i]` from `@latch/solana-devnet/browser`. A public test key only.
   */
  secretKey: Uint8Array
  /** The CAIP-2 chains it signs for, all served by `rpcUrl`; `['solana:localnet']` by default. */
  chains?: string[]
}

/** Validates the options; throws a TypeError naming every problem. */
export function parseWalletOptions(options: WcWalletOptions): z.output<typeof walletOptionsSchema> {
  const result = walletOptionsSchema.safeParse(options)
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.map(String).join('.') || 'options'}: ${issue.message}`,
    )
    throw new TypeError(`Invalid createWcWallet options: ${problems.join('; ')}`)
  }
  return result.data
}
