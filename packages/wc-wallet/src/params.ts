import type { Address, Hex } from 'viem'
import { z } from 'zod'
import { invalidParams } from './errors.js'
import { isLoopbackUrl } from './loopback.js'

/**
 * zod schemas of the params of every method the wallet answers. Requests are validated before
 * anything else happens (before the user is asked), so malformed input fails fast with -32602.
 */

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
  .transform((value) => value as Address)

const hexData = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes')
  .transform((value) => value as Hex)

/** A JSON-RPC quantity; leading zeros are tolerated, since some libraries send them. */
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/, 'must be a 0x-prefixed hex quantity')
  .transform((value) => BigInt(value))

/** EIP-695 / EIP-3085: a 0x-prefixed hex chain id without leading zeros. */
export const chainIdHex = z
  .string()
  .regex(/^0x[1-9a-fA-F][0-9a-fA-F]*$/, 'must be a 0x-prefixed hex number without leading zeros')
  .transform((value) => Number.parseInt(value, 16))
  .refine((value) => Number.isSafeInteger(value), 'is too large')

const noParams = z.union([z.tuple([]), z.undefined(), z.null()])

/** personal_sign: [message, address]; hex is signed as raw bytes, other text as UTF-8. */
export const personalSignParams = z.tuple([z.string(), address])

const typedDataObject = z
  .object({
    types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
    primaryType: z.string().min(1),
    domain: z.record(z.string(), z.unknown()).optional(),
    message: z.record(z.string(), z.unknown()),
  })
  .refine((value) => value.primaryType in value.types || value.primaryType === 'EIP712Domain', {
    message: 'primaryType must be one of types',
    path: ['primaryType'],
  })

/** eth_signTypedData_v4: [address, typed data as JSON text or as an object]. */
export const signTypedDataParams = z.tuple([
  address,
  z
    .unknown()
    .transform((value, ctx) => {
      if (typeof value !== 'string') return value
      try {
        return JSON.parse(value) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'typed data is not valid JSON' })
        return z.NEVER
      }
    })
    .pipe(typedDataObject),
])

/** eth_sendTransaction's transaction object (EIP-1474 form; `input` is the newer name of `data`). */
export const transactionObject = z.object({
  from: address.optional(),
  to: address.nullish(),
  value: quantity.optional(),
  gas: quantity.optional(),
  gasPrice: quantity.optional(),
  maxFeePerGas: quantity.optional(),
  maxPriorityFeePerGas: quantity.optional(),
  nonce: quantity.optional(),
  data: hexData.optional(),
  input: hexData.optional(),
  chainId: quantity.optional(),
})

export type TransactionObject = z.infer<typeof transactionObject>

export const sendTransactionParams = z.tuple([transactionObject])

/** wallet_switchEthereumChain (EIP-3326): [{ chainId }]. */
export const switchChainParams = z.tuple([z.strictObject({ chainId: chainIdHex })])

const httpUrl = z.string().refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}, 'must be an http(s) URL')

/** wallet_addEthereumChain (EIP-3085): [AddEthereumChainParameter]; unknown keys are refused. */
export const addChainParams = z.tuple([
  z.strictObject({
    chainId: chainIdHex,
    chainName: z.string().trim().min(1, 'must be a non-empty string'),
    nativeCurrency: z.object({
      name: z.string().min(1),
      symbol: z.string().min(2).max(6),
      decimals: z.literal(18),
    }),
    rpcUrls: z
      .array(z.string())
      .min(1, 'must list at least one URL')
      // The wallet sends over HTTP and never leaves the machine, so one loopback http URL is needed.
      .refine((urls) => urls.some((url) => isLoopbackUrl(url, ['http:', 'https:'])), {
        message: 'must include an http(s) URL on 127.0.0.1 (this wallet never reaches other hosts)',
      }),
    blockExplorerUrls: z.array(httpUrl).nullish(),
    iconUrls: z.array(z.string()).optional(),
  }),
])

/** Every method the wallet answers, with its params schema. */
export const METHOD_PARAMS = {
  personal_sign: personalSignParams,
  eth_signTypedData_v4: signTypedDataParams,
  eth_sendTransaction: sendTransactionParams,
  wallet_switchEthereumChain: switchChainParams,
  wallet_addEthereumChain: addChainParams,
  eth_chainId: noParams,
  eth_accounts: noParams,
  eth_requestAccounts: noParams,
} as const

export type WalletMethod = keyof typeof METHOD_PARAMS

/** The methods approved in every session, in the order wallets usually list them. */
export const WALLET_METHODS = Object.keys(METHOD_PARAMS) as WalletMethod[]

export function isWalletMethod(method: string): method is WalletMethod {
  return Object.hasOwn(METHOD_PARAMS, method)
}

/** Parsed params of `method`. */
export type MethodParams<M extends WalletMethod> = z.output<(typeof METHOD_PARAMS)[M]>

/** One line naming the first problem, e.g. `params[0].chainId: must be a 0x-prefixed hex …`. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'malformed params'
  const path = issue.path
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('')
  return `params${path}: ${issue.message}`
}

/** Validates `params` against `schema`; throws -32602 naming `method` and the first problem. */
export function parseWith(schema: z.ZodType, method: string, params: unknown): unknown {
  const result = schema.safeParse(params)
  if (!result.success) throw invalidParams(method, describeIssue(result.error))
  return result.data
}

/** Validates `params` of `method`; throws -32602 with a message naming the first problem. */
export function parseParams<M extends WalletMethod>(method: M, params: unknown): MethodParams<M> {
  return parseWith(METHOD_PARAMS[method], method, params) as MethodParams<M>
}
