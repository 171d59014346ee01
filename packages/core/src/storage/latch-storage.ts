import type * as z from 'zod/mini'
import { LatchError } from '../errors/latch-error.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { SocialLoginOption } from '../options/socials-option.js'
import { zodEnglishErrorMap } from '../validation/issues.js'
import {
  DEFAULT_STORAGE_PREFIX,
  RECENT_WALLETS_LIMIT,
  STORAGE_VERSION,
  createStorageKeys,
  loginCacheKeys,
  recentWalletSchema,
  storageSchemas,
  type RecentWallet,
  type RememberedConnection,
  type StorageKey,
  type StorageValues,
} from './keys.js'
import type { StoragePort } from './storage-port.js'

/** SPEC §5 "another email login is allowed only 30 seconds after the last". */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000

/**
 * Largest stored text read or written, in characters. No legitimate value comes near (the
 * biggest is two recent wallets with inline icons); it bounds the work a foreign value can cause.
 */
export const MAX_STORED_VALUE_LENGTH = 512 * 1024

/**
 * Something storage could not do, reported instead of thrown:
 * - `corrupt`: a stored value was not JSON or failed its schema; it was removed.
 * - `read-failed`: the port threw on read; the value is treated as absent.
 * - `write-failed`: a write or removal threw (quota, SecurityError) or the value was invalid.
 * - `version-mismatch`: stored data of another version was dropped on creation.
 */
export interface StorageReport {
  kind: 'corrupt' | 'read-failed' | 'write-failed' | 'version-mismatch'
  /** The full stored key name, prefix included. */
  key: string
  /** Human-readable detail for logs; not shown to users. */
  reason: string
}

export interface LatchStorageOptions {
  /** Where to store; see `detectStorage` and `createMemoryStorage`. */
  port: StoragePort
  /**
   * Put before every key (default `@latch/`). Instances sharing a port need distinct prefixes,
   * neither a prefix of the other, because {@link LatchStorage.clear} removes by prefix.
   */
  prefix?: string
  /** Told about every failure; storage itself never throws. */
  onReport?: (report: StorageReport) => void
}

/** The typed store everything in core uses. No method throws. */
export interface LatchStorage {
  readonly prefix: string
  /** The stored value, or `undefined` when absent, unreadable or invalid (then removed). */
  get<K extends StorageKey>(key: K): StorageValues[K] | undefined
  /** Stores a value after checking its schema; a failure is reported, not thrown. */
  set<K extends StorageKey>(key: K, value: StorageValues[K]): void
  remove(key: StorageKey): void
  /** SPEC §3 recent wallets, most recent first. */
  getRecentWallets(): RecentWallet[]
  /** Puts a wallet first, deduped by id, keeping at most 2 (SPEC §9). */
  addRecentWallet(wallet: RecentWallet): void
  /** Connections to try on load, most recently used first (SPEC §4). */
  getRememberedConnections(): RememberedConnection[]
  /** Remembers a connection as the most recently used. */
  rememberConnection(namespace: ChainNamespace, connectorId: string): void
  forgetConnection(namespace: ChainNamespace, connectorId: string): void
  /** SPEC §4: a wallet the user disconnected is not auto-reconnected. */
  setConnectorDisconnected(connectorId: string, flag: boolean): void
  isConnectorDisconnected(connectorId: string): boolean
  /** SPEC §4: clears the login cache (flag, email, last chain, social username and provider). */
  clearLoginCache(): void
  /**
   * SPEC §4: stores the email and the used flag and clears the last email login time. A social
   * login's provider and username, from an earlier login, are removed.
   */
  recordEmailLogin(email: string): void
  /**
   * A social login (issue 12): the used flag (so the next page load restores the embedded
   * wallet, SPEC §4), SPEC §3's social provider and username, and the email when the provider
   * gave one (else an earlier login's is removed).
   */
  recordSocialLogin(login: { provider: SocialLoginOption; username?: string; email?: string }): void
  /** Starts the SPEC §5 email-login cooldown at `now` (epoch ms). */
  markEmailLoginAttempt(now: number): void
  /** Whole seconds until another email login is allowed (0 when it is allowed now). */
  emailLoginCooldownRemaining(now: number): number
  /** Removes every key with this prefix (and nothing else). */
  clear(): void
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  } catch {
    return 'unprintable error'
  }
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'value'}: ${issue.message}`)
    .join('; ')
}

function isPair(entry: RememberedConnection, namespace: string, connectorId: string): boolean {
  return entry.namespace === namespace && entry.connectorId === connectorId
}

// Own `__proto__` keys are harmless to JSON.parse but not to code that later copies objects.
function dropPrototypeKeys(key: string, value: unknown): unknown {
  return key === '__proto__' || key === 'constructor' || key === 'prototype' ? undefined : value
}

/**
 * Creates the typed store over `port`. Reads and writes are checked against the zod schemas
 * in `keys.ts`; a corrupted or foreign value is removed and reported, never thrown, so start-up
 * always succeeds. On creation, data of another storage version is dropped (SPEC §9 version 1).
 *
 * @throws LatchError INVALID_OPTIONS when `prefix` is empty (it would claim the host's keys).
 */
export function createLatchStorage(options: LatchStorageOptions): LatchStorage {
  const { port, onReport } = options
  const prefix = options.prefix ?? DEFAULT_STORAGE_PREFIX
  if (typeof prefix !== 'string' || prefix.length === 0) {
    throw new LatchError('INVALID_OPTIONS', {
      values: { issues: 'storage prefix must be a non-empty string' },
    })
  }
  const names = createStorageKeys(prefix)

  function report(kind: StorageReport['kind'], key: string, reason: string): void {
    try {
      onReport?.({ kind, key, reason })
    } catch {
      // A failing reporter must not turn a handled storage problem into a crash.
    }
  }

  function removeRaw(name: string): void {
    try {
      port.removeItem(name)
    } catch (error) {
      report('write-failed', name, describeError(error))
    }
  }

  function writeRaw(name: string, text: string): void {
    if (text.length > MAX_STORED_VALUE_LENGTH) {
      report('write-failed', name, `value too large (${text.length} characters)`)
      return
    }
    try {
      port.setItem(name, text)
    } catch (error) {
      report('write-failed', name, describeError(error))
    }
  }

  function discard(name: string, kind: 'corrupt' | 'read-failed', reason: string): undefined {
    report(kind, name, reason)
    removeRaw(name)
    return undefined
  }

  function get<K extends StorageKey>(key: K): StorageValues[K] | undefined {
    const name = names[key]
    let raw: unknown
    try {
      raw = port.getItem(name)
    } catch (error) {
      return discard(name, 'read-failed', describeError(error))
    }
    if (raw === null || raw === undefined) return undefined
    if (typeof raw !== 'string') return discard(name, 'corrupt', `not text (${typeof raw})`)
    if (raw.length > MAX_STORED_VALUE_LENGTH) {
      return discard(name, 'corrupt', `value too large (${raw.length} characters)`)
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(raw, dropPrototypeKeys)
    } catch (error) {
      return discard(name, 'corrupt', `invalid JSON: ${describeError(error)}`)
    }
    // English details for the report (zod/mini has no texts of its own).
    const result = storageSchemas[key].safeParse(parsed, { error: zodEnglishErrorMap })
    if (!result.success) return discard(name, 'corrupt', describeIssues(result.error))
    return result.data as StorageValues[K]
  }

  function set<K extends StorageKey>(key: K, value: StorageValues[K]): void {
    const name = names[key]
    const result = storageSchemas[key].safeParse(value, { error: zodEnglishErrorMap })
    if (!result.success) {
      report('write-failed', name, `invalid value: ${describeIssues(result.error)}`)
      return
    }
    writeRaw(name, JSON.stringify(result.data))
  }

  function remove(key: StorageKey): void {
    removeRaw(names[key])
  }

  function ownedKeys(): string[] {
    try {
      return port.keys().filter((name) => typeof name === 'string' && name.startsWith(prefix))
    } catch (error) {
      // Without a listing, at least the keys this version knows can still be removed.
      report('read-failed', prefix, `cannot list keys: ${describeError(error)}`)
      return Object.values(names)
    }
  }

  function clear(): void {
    for (const name of ownedKeys()) removeRaw(name)
  }

  function migrate(): void {
    const name = names.storageVersion
    let raw: string | null
    try {
      raw = port.getItem(name)
    } catch (error) {
      report('read-failed', name, describeError(error))
      raw = null
    }
    const current = JSON.stringify(STORAGE_VERSION)
    if (raw === current) return
    // Absent means a first start, or a clear() since: the remaining values are still version 1
    // and each is validated when read, so there is nothing to drop.
    if (raw !== null) {
      const dropped = ownedKeys()
      for (const key of dropped) removeRaw(key)
      report('version-mismatch', name, `found ${raw.slice(0, 64)}; dropped ${dropped.length} keys`)
    }
    writeRaw(name, current)
  }

  function list<T>(value: readonly T[] | undefined): T[] {
    return value ? [...value] : []
  }

  function setList<K extends 'connections' | 'disconnectedConnectors'>(
    key: K,
    value: StorageValues[K],
  ): void {
    // An empty list is stored as no key, so a clean profile leaves nothing behind.
    if (value.length === 0) remove(key)
    else set(key, value)
  }

  migrate()

  return {
    prefix,
    get,
    set,
    remove,
    clear,

    getRecentWallets: () => list(get('recentWallets')),
    addRecentWallet(wallet) {
      const result = recentWalletSchema.safeParse(wallet, { error: zodEnglishErrorMap })
      if (!result.success) {
        report(
          'write-failed',
          names.recentWallets,
          `invalid wallet: ${describeIssues(result.error)}`,
        )
        return
      }
      const others = list(get('recentWallets')).filter((entry) => entry.id !== result.data.id)
      set('recentWallets', [result.data, ...others].slice(0, RECENT_WALLETS_LIMIT))
    },

    getRememberedConnections: () => list(get('connections')),
    rememberConnection(namespace, connectorId) {
      const others = list(get('connections')).filter(
        (entry) => !isPair(entry, namespace, connectorId),
      )
      set('connections', [{ namespace, connectorId }, ...others])
    },
    forgetConnection(namespace, connectorId) {
      const current = list(get('connections'))
      const kept = current.filter((entry) => !isPair(entry, namespace, connectorId))
      if (kept.length !== current.length) setList('connections', kept)
    },

    setConnectorDisconnected(connectorId, flag) {
      const current = list(get('disconnectedConnectors'))
      const has = current.includes(connectorId)
      if (flag && !has) set('disconnectedConnectors', [...current, connectorId])
      if (!flag && has) {
        setList(
          'disconnectedConnectors',
          current.filter((id) => id !== connectorId),
        )
      }
    },
    isConnectorDisconnected: (connectorId) =>
      list(get('disconnectedConnectors')).includes(connectorId),

    clearLoginCache() {
      for (const key of loginCacheKeys) remove(key)
    },
    recordEmailLogin(email) {
      set('email', email)
      set('emailLoginUsed', true)
      remove('lastEmailLoginTime')
      remove('socialProvider')
      remove('socialUsername')
    },
    recordSocialLogin({ provider, username, email }) {
      set('emailLoginUsed', true)
      set('socialProvider', provider)
      if (username) set('socialUsername', username)
      else remove('socialUsername')
      if (email) set('email', email)
      else remove('email')
    },
    markEmailLoginAttempt(now) {
      set('lastEmailLoginTime', Math.floor(now))
    },
    emailLoginCooldownRemaining(now) {
      const last = get('lastEmailLoginTime')
      if (last === undefined) return 0
      // A clock moved backwards must not lock email login out for longer than the cooldown.
      const remaining = Math.min(EMAIL_LOGIN_COOLDOWN_MS, last + EMAIL_LOGIN_COOLDOWN_MS - now)
      return remaining > 0 ? Math.ceil(remaining / 1000) : 0
    },
  }
}
