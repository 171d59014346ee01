import {
  cleanWalletName,
  isAddressForNamespace,
  isCaipAddress,
  isChainNamespace,
  isHttpsUrl,
  nativeSchemeOf,
  parseCaipAddress,
  safeImageUrl,
  type ChainNamespace,
  type WalletConnectPeer,
  type WalletConnectSession,
} from '@latch/core'
import * as z from 'zod/mini'

/** Icons kept from a wallet's metadata; a session listing hundreds is not shown more of them. */
export const PEER_ICONS_MAX = 8
/** Accounts kept per namespace: more than any wallet exposes, few enough to bound the work. */
export const ACCOUNTS_PER_NAMESPACE_MAX = 256
const PEER_URL_MAX_LENGTH = 2048

/** The namespaces whose address format core can check; the others get the CAIP grammar only. */
const CHECKED_NAMESPACES: ReadonlySet<string> = new Set(['eip155', 'solana', 'bip122'])

/**
 * What Latch reads of sign-client's session struct. Everything in it came from the wallet over
 * the relay, so it is parsed, not trusted; unknown keys are ignored.
 */
const sessionSchema = z.object({
  topic: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  expiry: z.number().check(z.int(), z.positive()),
  // A record keyed by any string, as object + catchall (see record.ts for why not z.record).
  namespaces: z.catchall(
    z.object({}),
    z.object({ accounts: z.array(z.unknown()), methods: z.optional(z.array(z.unknown())) }),
  ),
  peer: z.object({ metadata: z.unknown() }),
})

const metadataSchema = z.object({
  name: z.optional(z.unknown()),
  url: z.optional(z.unknown()),
  icons: z.optional(z.unknown()),
  redirect: z.optional(z.unknown()),
})

const redirectSchema = z.object({
  native: z.optional(z.unknown()),
  universal: z.optional(z.unknown()),
})

/**
 * The wallet's name as plain text, by core's one name rule (cleanWalletName); '' when the rule
 * refuses it (nothing visible, or too long), and core then shows its own.
 */
export function peerName(value: unknown): string {
  return cleanWalletName(value) ?? ''
}

/** An http(s) URL with a host and no credentials, else ''. Local test wallets use http. */
export function peerUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > PEER_URL_MAX_LENGTH) return ''
  try {
    const url = new URL(value)
    const web = url.protocol === 'https:' || url.protocol === 'http:'
    return web && url.hostname !== '' && url.username === '' && url.password === '' ? value : ''
  } catch {
    return ''
  }
}

/**
 * The wallet as it describes itself, reduced to safe values: a malformed icon or deep link is
 * dropped rather than passed on, and a missing name is '' (core shows its own then).
 */
export function toPeer(metadata: unknown): WalletConnectPeer {
  const parsed = metadataSchema.safeParse(metadata)
  if (!parsed.success) return { name: '', icons: [], url: '' }
  const { name, url, icons, redirect } = parsed.data
  const peer: WalletConnectPeer = {
    name: peerName(name),
    icons: Array.isArray(icons)
      ? icons.flatMap((icon) => safeImageUrl(icon) ?? []).slice(0, PEER_ICONS_MAX)
      : [],
    url: peerUrl(url),
  }
  const links = redirectSchema.safeParse(redirect)
  if (links.success) {
    // `native` declares the wallet's own scheme: kept only when a wallet may own it (never
    // `intent:`, `ms-msdt:`, `javascript:`…); `universal` only as https (core's link rule).
    const { native: declared, universal: link } = links.data
    const native = typeof declared === 'string' && nativeSchemeOf(declared) ? declared : undefined
    const universal = isHttpsUrl(link) ? link : undefined
    if (native || universal)
      peer.redirect = { ...(native ? { native } : {}), ...(universal ? { universal } : {}) }
  }
  return peer
}

/** A session namespace key (`eip155`, or the CAIP-2 form `eip155:1`) to its namespace. */
export function namespaceOfKey(key: string): ChainNamespace | undefined {
  const namespace = key.split(':')[0]
  return isChainNamespace(namespace) ? namespace : undefined
}

/** Whether a CAIP-10 account is well formed, and its address valid where core can tell. */
export function isSessionAccount(namespace: ChainNamespace, value: unknown): value is string {
  if (!isCaipAddress(value)) return false
  const { chainNamespace, address } = parseCaipAddress(value)
  if (chainNamespace !== namespace) return false
  return !CHECKED_NAMESPACES.has(namespace) || isAddressForNamespace(namespace, address)
}

/**
 * The accounts of a session, per namespace, as CAIP-10 ids. A malformed account, or one filed
 * under another namespace, is dropped; duplicates are kept once, in the wallet's order.
 */
export function sessionAccounts(
  namespaces: Record<string, { accounts: readonly unknown[] }>,
): Partial<Record<ChainNamespace, readonly string[]>> {
  const result: Partial<Record<ChainNamespace, string[]>> = {}
  for (const [key, entry] of Object.entries(namespaces)) {
    const namespace = namespaceOfKey(key)
    if (!namespace) continue
    const list: string[] = (result[namespace] ??= [])
    for (const account of entry.accounts) {
      if (list.length >= ACCOUNTS_PER_NAMESPACE_MAX) break
      if (isSessionAccount(namespace, account) && !list.includes(account)) list.push(account)
    }
  }
  for (const [namespace, list] of Object.entries(result))
    if (!list?.length) delete result[namespace]
  return result
}

/**
 * Sign-client's session struct as core's {@link WalletConnectSession}, or `undefined` when it is
 * not a usable session (malformed, or no valid account in any namespace).
 */
export function toSession(value: unknown): WalletConnectSession | undefined {
  const parsed = sessionSchema.safeParse(value)
  if (!parsed.success) return undefined
  const { topic, expiry, namespaces, peer } = parsed.data
  const accounts = sessionAccounts(namespaces)
  if (Object.keys(accounts).length === 0) return undefined
  return { topic, expiry, accounts, peer: toPeer(peer.metadata) }
}

/** The methods the wallet approved in `namespace` (every key of that namespace counts). */
export function approvedMethods(value: unknown, namespace: ChainNamespace): ReadonlySet<string> {
  const parsed = sessionSchema.safeParse(value)
  const methods = new Set<string>()
  if (!parsed.success) return methods
  for (const [key, entry] of Object.entries(parsed.data.namespaces)) {
    if (namespaceOfKey(key) !== namespace) continue
    for (const method of entry.methods ?? []) if (typeof method === 'string') methods.add(method)
  }
  return methods
}

/**
 * The addresses a session holds on one chain (`namespace:reference`), in the wallet's order:
 * what the wallet already shared, so asking it again is needless.
 */
export function sessionAddresses(value: unknown, chainId: string): string[] {
  const parsed = sessionSchema.safeParse(value)
  if (!parsed.success) return []
  const namespace = namespaceOfKey(chainId)
  if (!namespace) return []
  const ids = sessionAccounts(parsed.data.namespaces)[namespace] ?? []
  return ids.filter((id) => id.startsWith(`${chainId}:`)).map((id) => id.slice(chainId.length + 1))
}
