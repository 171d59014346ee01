import * as z from 'zod/mini'
import { isSafeImageUrl } from '../directory/image-url.js'
import { isCaipNetworkId, isChainNamespace } from '../identifiers/caip.js'
import type { CaipNetworkId, ChainNamespace } from '../identifiers/types.js'
import { socialLoginOptions } from '../options/socials-option.js'

/** The default key prefix; give each Latch instance on a page its own to keep them apart. */
export const DEFAULT_STORAGE_PREFIX = '@latch/'

/** SPEC §9 "storage version 1": stored data of any other version is dropped on start-up. */
export const STORAGE_VERSION = 1

/** SPEC §9 "Recent wallets kept: 2". */
export const RECENT_WALLETS_LIMIT = 2

// Stored values are read back from a store anyone on the origin can write: bound every string
// so a foreign or corrupted value cannot make start-up parse and hold megabytes.
const MAX_TEXT_LENGTH = 256
/** The most sign-in tokens kept (accounts signed in from this browser). */
export const SIWX_TOKENS_LIMIT = 16
const MAX_EMAIL_LENGTH = 254

const text = z.string().check(z.minLength(1), z.maxLength(MAX_TEXT_LENGTH))

const chainNamespaceSchema = z.custom<ChainNamespace>(isChainNamespace, 'Invalid chain namespace')

const caipNetworkIdSchema = z.custom<CaipNetworkId>(isCaipNetworkId, 'Invalid CAIP-2 network id')

// Rendered as an `<img>` source: core's one image rule (safeImageUrl).
const imageUrlSchema = z.string().check(z.refine(isSafeImageUrl, 'Unsafe image URL'))

/** One entry of the recent-wallets list (SPEC §3). */
export const recentWalletSchema = z.object({
  id: text,
  name: text,
  imageUrl: z.optional(imageUrlSchema),
  rdns: z.optional(text),
})
export type RecentWallet = z.output<typeof recentWalletSchema>

/** A connection to try again on load (SPEC §4 "Reconnect on load"). */
export const rememberedConnectionSchema = z.object({
  namespace: chainNamespaceSchema,
  connectorId: text,
})
export type RememberedConnection = z.output<typeof rememberedConnectionSchema>

/**
 * Every key Latch stores and the schema its value must satisfy on read and on write.
 * Key names are stable: renaming one loses users' data (bump {@link STORAGE_VERSION} instead).
 */
export const storageSchemas = {
  /** SPEC §3 email-login-used flag. */
  emailLoginUsed: z.boolean(),
  /** SPEC §3 email of the embedded-wallet login. */
  email: z.email().check(z.maxLength(MAX_EMAIL_LENGTH)),
  /** SPEC §3 last email login time, epoch milliseconds (SPEC §5 throttle). */
  lastEmailLoginTime: z.number().check(z.int(), z.nonnegative()),
  /** SPEC §3 last used chain: a chain namespace such as `eip155`. */
  lastUsedChain: chainNamespaceSchema,
  /** SPEC §3 social username. */
  socialUsername: text,
  /**
   * SPEC §3 account state `socialProvider`: the provider of the embedded wallet's social login
   * (SPEC §5: google, github, apple, facebook, x or discord; or SPEC §9's farcaster), kept with
   * its username.
   */
  socialProvider: z.enum(socialLoginOptions),
  /** SPEC §3 smart-account-enabled networks (CAIP-2 ids). */
  smartAccountEnabledNetworks: z.array(caipNetworkIdSchema),
  /** SPEC §3 recent wallets, most recent first, at most {@link RECENT_WALLETS_LIMIT}. */
  recentWallets: z.array(recentWalletSchema).check(z.maxLength(RECENT_WALLETS_LIMIT)),
  /** Connections to try on load, most recently used first, unique per (namespace, connectorId). */
  connections: z.array(rememberedConnectionSchema),
  /** SPEC §4 connectors the user disconnected, so they are not auto-reconnected. */
  disconnectedConnectors: z.array(text),
  /** The active network (CAIP-2 id). */
  activeCaipNetworkId: caipNetworkIdSchema,
  /**
   * Sign-in sessions with the Latch server (SPEC §3 "Sign-in session"; issue 30): the bearer
   * token of each account signed in from this browser, by chain and address, so a reload keeps
   * them. At most {@link SIWX_TOKENS_LIMIT}, the newest first.
   */
  siwxTokens: z
    .array(
      z.object({
        chainId: caipNetworkIdSchema,
        address: text,
        token: z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/)),
      }),
    )
    .check(z.maxLength(SIWX_TOKENS_LIMIT)),
  /** SPEC §9 storage version. */
  storageVersion: z.literal(STORAGE_VERSION),
} as const

/** The name (without prefix) of a stored key. */
export type StorageKey = keyof typeof storageSchemas

/** The type of each stored value, derived from {@link storageSchemas}. */
export type StorageValues = { [K in StorageKey]: z.output<(typeof storageSchemas)[K]> }

/** Every key name, in a stable order. */
export const storageKeyNames = Object.keys(storageSchemas) as readonly StorageKey[]

/**
 * SPEC §4: the login cache cleared on disconnect and on a not-connected check. The social
 * provider goes with the social username it names.
 */
export const loginCacheKeys = [
  'emailLoginUsed',
  'email',
  'lastUsedChain',
  'socialUsername',
  'socialProvider',
] as const satisfies readonly StorageKey[]

/** The full stored names of every key under `prefix`, e.g. `@latch/email`. */
export function createStorageKeys(
  prefix: string = DEFAULT_STORAGE_PREFIX,
): Readonly<Record<StorageKey, string>> {
  const names = {} as Record<StorageKey, string>
  for (const key of storageKeyNames) names[key] = `${prefix}${key}`
  return Object.freeze(names)
}
