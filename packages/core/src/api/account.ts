// SPEC §7 "Blockchain-data API": balances, history, identity and prices, in the shapes AppKit
// 1.7.8's client parses (reown-com/appkit `packages/common/src/utils/TypeUtil.ts`: Balance,
// Transaction, TransactionTransfer; `packages/controllers/src/utils/TypeUtil.ts`:
// BlockchainApiBalanceResponse, BlockchainApiTransactionsResponse, BlockchainApiIdentityResponse,
// BlockchainApiTokenPriceResponse; the query of each call from `BlockchainApiController.ts`).
// The Latch server validates its requests and answers with these; core's clients parse with them.
import * as z from 'zod/mini'
import { isBitcoinAddress, isSolanaAddress } from '../identifiers/address.js'
import { isCaipAddress, isCaipNetworkId } from '../identifiers/caip.js'
import { projectIdSchema } from './sdk.js'

/** An EVM address as a path parameter: `0x` and 40 hex digits, any case. */
export const evmAddressSchema = z
  .string()
  .check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address: expected 0x and 40 hex digits'))

const caipNetworkIdSchema = z.string().check(z.refine(isCaipNetworkId, 'Invalid CAIP-2 network id'))
const caipAddressSchema = z.string().check(z.refine(isCaipAddress, 'Invalid CAIP-10 address'))

/** The most tokens one `forceUpdate` or price request may name. */
export const ACCOUNT_TOKENS_MAX = 100

/** AppKit sends `st` and `sv` with every blockchain-data call; both are optional here. */
const sdkQuery = {
  projectId: projectIdSchema,
  st: z.optional(z.string().check(z.maxLength(32))),
  sv: z.optional(z.string().check(z.maxLength(32))),
}

/** The one currency prices are kept in (AppKit always sends `usd`). */
export const currencySchema = z.enum(['usd'])

/**
 * `GET /v1/account/{address}/balance` query: `currency=usd`, `chainId` (CAIP-2) and an optional
 * `forceUpdate`: CAIP-10 token addresses (comma-separated) whose cached balances are refreshed.
 */
export const accountBalanceParamsSchema = z.object({
  ...sdkQuery,
  currency: currencySchema,
  chainId: caipNetworkIdSchema,
  forceUpdate: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.maxLength(ACCOUNT_TOKENS_MAX * 171)),
        z.transform((value: string) => value.split(',').filter((part) => part !== '')),
      ),
      z.array(caipAddressSchema).check(z.maxLength(ACCOUNT_TOKENS_MAX)),
    ),
  ),
})

/** One balance, AppKit's `Balance`. `quantity.numeric` is the amount in whole tokens, exact. */
export const balanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-2 network id. */
  chainId: caipNetworkIdSchema,
  /** The token's CAIP-10 address; absent for the chain's native currency. */
  address: z.optional(caipAddressSchema),
  /** The balance's worth in the requested currency. */
  value: z.optional(z.number()),
  /** One token's price in the requested currency; 0 when unknown. */
  price: z.number(),
  quantity: z.object({
    decimals: z.string().check(z.regex(/^[0-9]{1,3}$/)),
    numeric: z.string().check(z.regex(/^[0-9]+(\.[0-9]+)?$/)),
  }),
  iconUrl: z.string(),
})

/** AppKit's `BlockchainApiBalanceResponse`. */
export const accountBalanceResponseSchema = z.object({ balances: z.array(balanceSchema) })

/** An opaque history cursor: base64url, as the server wrote it. */
export const historyCursorSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,512}$/, 'Invalid cursor'))

/** `GET /v1/account/{account}/history` query: `cursor`, `chainId`, `onramp`. */
export const accountHistoryParamsSchema = z.object({
  ...sdkQuery,
  cursor: z.optional(historyCursorSchema),
  chainId: z.optional(caipNetworkIdSchema),
  /** The onramp whose purchases are asked for (AppKit: `coinbase`). */
  onramp: z.optional(z.enum(['coinbase'])),
})

const imageContent = z.object({
  url: z.string(),
  content_type: z.optional(z.nullable(z.string())),
})

/** One transfer of a transaction, AppKit's `TransactionTransfer`. */
export const transactionTransferSchema = z.object({
  fungible_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      symbol: z.optional(z.string()),
      icon: z.optional(z.object({ url: z.string() })),
    }),
  ),
  nft_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      content: z.optional(
        z.object({ preview: z.optional(imageContent), detail: z.optional(imageContent) }),
      ),
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
  direction: z.enum(['in', 'out', 'self']),
  /** The amount in whole tokens (1 for an ERC-721 token). */
  quantity: z.object({ numeric: z.string().check(z.regex(/^[0-9]+(\.[0-9]+)?$/)) }),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
})

/** One transaction, AppKit's `Transaction`. */
export const transactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    /** `send`, `receive`, `execute`, `deploy`, `mint`, `trade`. */
    operationType: z.string(),
    hash: z.string(),
    /** ISO 8601. */
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed', 'pending']),
    nonce: z.number().check(z.int(), z.nonnegative()),
    /** CAIP-2 network id. */
    chain: z.string(),
  }),
  transfers: z.array(transactionTransferSchema),
})

/** AppKit's `BlockchainApiTransactionsResponse`: newest first; `next` is null on the last page. */
export const accountHistoryResponseSchema = z.object({
  data: z.array(transactionSchema),
  next: z.nullable(historyCursorSchema),
})

/** `GET /v1/identity/{address}` query: `sender` (AppKit) and an optional `chainId`. */
export const identityParamsSchema = z.object({
  ...sdkQuery,
  chainId: z.optional(caipNetworkIdSchema),
  sender: z.optional(evmAddressSchema),
})

/** AppKit's `BlockchainApiIdentityResponse`. */
export const identityResponseSchema = z.object({
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
})

/** `POST /v1/fungible/price` body, as AppKit sends it. */
export const fungiblePriceBodySchema = z.object({
  projectId: projectIdSchema,
  currency: currencySchema,
  addresses: z.array(caipAddressSchema).check(z.minLength(1), z.maxLength(ACCOUNT_TOKENS_MAX)),
})

/** AppKit's `BlockchainApiTokenPriceResponse`: one entry per known token, in request order. */
export const fungiblePriceResponseSchema = z.object({
  fungibles: z.array(
    z.object({ name: z.string(), symbol: z.string(), iconUrl: z.string(), price: z.number() }),
  ),
})

/**
 * `GET /v1/account/{address}/nfts` query (Latch's own call; AppKit 1.7.8 has none): the NFTs
 * gallery's page at `cursor`, on `chainId` (CAIP-2) or on every indexed chain without it.
 */
export const accountNftsParamsSchema = z.object({
  ...sdkQuery,
  /** An opaque cursor, as the previous page's `next` gave it. */
  cursor: z.optional(historyCursorSchema),
  chainId: z.optional(caipNetworkIdSchema),
})

/** One NFT the account holds now (ERC-721, or an ERC-1155 id with its amount). */
export const nftSchema = z.object({
  /** CAIP-2 network id. */
  chainId: caipNetworkIdSchema,
  /** The collection contract's CAIP-10 address. */
  contract: caipAddressSchema,
  /** The token id, in decimal. */
  tokenId: z.string().check(z.regex(/^[0-9]{1,78}$/)),
  standard: z.enum(['erc721', 'erc1155']),
  /** How many of it the account holds: 1 for ERC-721. */
  amount: z.string().check(z.regex(/^[1-9][0-9]{0,77}$/)),
  /** The token's metadata name, else `{collection} #{tokenId}`. */
  name: z.string().check(z.maxLength(500)),
  /** The collection's `name()`, else its `symbol()`, else `NFT`. */
  collection: z.string().check(z.maxLength(500)),
  /** The token's metadata description, when it has one. */
  description: z.optional(z.string().check(z.maxLength(5000))),
  /** An image URL (http(s), ipfs or an inline `data:image/`); absent when the token has none. */
  image: z.optional(z.string()),
})

/** `GET /v1/account/{address}/nfts` answer: by chain, contract and id; `next` null on the last. */
export const accountNftsResponseSchema = z.object({
  data: z.array(nftSchema),
  next: z.nullable(historyCursorSchema),
})

export type AccountBalanceParams = z.output<typeof accountBalanceParamsSchema>
export type Balance = z.output<typeof balanceSchema>
export type AccountBalanceResponse = z.output<typeof accountBalanceResponseSchema>
export type AccountHistoryParams = z.output<typeof accountHistoryParamsSchema>
export type TransactionTransfer = z.output<typeof transactionTransferSchema>
export type Transaction = z.output<typeof transactionSchema>
export type AccountHistoryResponse = z.output<typeof accountHistoryResponseSchema>
export type IdentityParams = z.output<typeof identityParamsSchema>
export type IdentityResponse = z.output<typeof identityResponseSchema>
export type FungiblePriceBody = z.output<typeof fungiblePriceBodySchema>
export type FungiblePriceResponse = z.output<typeof fungiblePriceResponseSchema>
export type AccountNftsParams = z.output<typeof accountNftsParamsSchema>
export type Nft = z.output<typeof nftSchema>
export type AccountNftsResponse = z.output<typeof accountNftsResponseSchema>

/**
 * SPEC §7 `GET /v1/profile/reverse/{address}` (the name service, asked when the identity lookup
 * fails): the names an address holds, AppKit's `BlockchainApiLookupEnsName[]`. Only what the
 * client reads is checked: each name and its optional avatar attribute.
 */
export const reverseLookupResponseSchema = z.array(
  z.looseObject({
    name: z.string(),
    attributes: z.optional(z.array(z.looseObject({ avatar: z.optional(z.string()) }))),
  }),
)

export type ReverseLookupResponse = z.output<typeof reverseLookupResponseSchema>

/**
 * A name of the name service (SPEC §7 `/v1/profile/*`), as the reference service takes it:
 * letters, digits and `-` in dot-separated labels (at least two: `friend.latch`), at most 255
 * characters, any case. Parsed to its normalised form, lower case, which is how names are stored.
 */
export const profileNameSchema = z.pipe(
  z
    .string()
    .check(
      z.maxLength(255, 'Invalid name: at most 255 characters'),
      z.regex(
        /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/,
        'Invalid name: expected labels of letters, digits and - joined by dots',
      ),
    ),
  z.transform((name: string) => name.toLowerCase()),
)

/**
 * An address the name service may hold: EVM (`0x` and 40 hex digits), Solana (base58) or Bitcoin
 * (segwit with its checksum, or base58 legacy), as core's send checks them.
 */
export const profileAddressSchema = z
  .string()
  .check(
    z.refine(
      (value: string) =>
        /^0x[0-9a-fA-F]{40}$/.test(value) || isSolanaAddress(value) || isBitcoinAddress(value),
      'Invalid address: expected an EVM, Solana or Bitcoin address',
    ),
  )

/** The name service's one answer shape; `2` (coin-type keyed addresses) is the one served. */
const profileApiVersion = z.optional(z.literal('2'))

/** `GET /v1/profile/account/{name}` query: `apiVersion=2` (AppKit sends it). */
export const profileAccountParamsSchema = z.object({ ...sdkQuery, apiVersion: profileApiVersion })

/** `GET /v1/profile/reverse/{address}` query: AppKit's `sender` (the asking account) and `apiVersion`. */
export const profileReverseParamsSchema = z.object({
  ...sdkQuery,
  sender: z.optional(profileAddressSchema),
  apiVersion: profileApiVersion,
})

/**
 * One name, AppKit's `BlockchainApiLookupEnsName` (apiVersion 2): its addresses keyed by
 * ENSIP-11 coin type (60 EVM, `COIN_TYPE_FLAG + chainId` an EVM chain's own, 501 Solana, 0
 * Bitcoin), times in unix seconds, and its attributes (the avatar, a bio).
 */
export const profileNameEntrySchema = z.object({
  name: z.string(),
  registered: z.number().check(z.int(), z.nonnegative()),
  updated: z.number().check(z.int(), z.nonnegative()),
  addresses: z.record(
    z.string().check(z.regex(/^[0-9]{1,10}$/)),
    z.object({ address: z.string(), created: z.string().check(z.regex(/^[0-9]+$/)) }),
  ),
  attributes: z.array(z.object({ avatar: z.optional(z.string()), bio: z.optional(z.string()) })),
})

/** `GET /v1/profile/reverse/{address}` answer: the address's names, newest first. */
export const profileReverseResponseSchema = z.array(profileNameEntrySchema)

export type ProfileAccountParams = z.output<typeof profileAccountParamsSchema>
export type ProfileReverseParams = z.output<typeof profileReverseParamsSchema>
export type ProfileNameEntry = z.output<typeof profileNameEntrySchema>
