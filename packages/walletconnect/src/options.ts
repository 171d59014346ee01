import {
  isCaipNetworkId,
  walletConnectRelayUrlSchema,
  walletConnectVerifyUrlSchema,
  type WalletConnectConfig,
} from '@latch/core'
import * as z from 'zod/mini'
import { en } from 'zod/locales'
import { recordOf } from './record.js'

/**
 * Where sign-client keeps pairings, sessions and keys (the shape of
 * @walletconnect/keyvaluestorage's IKeyValueStorage). Browsers default to IndexedDB; Node and
 * tests pass their own, since the Node default writes a database file into the working directory.
 */
export interface KeyValueStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

export const LOG_LEVELS = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** What the client needs from its surroundings; every field has a browser default. */
export interface WalletConnectEnvironment {
  /** Whether the page runs on a phone, where a request reopens the wallet app; no by default. */
  isMobile?: () => boolean
  /** Opens a wallet deep link; by default the page navigates to it (see `openWalletLink`). */
  openUrl?: (url: string) => void
  /** sign-client's storage: IndexedDB in a browser by default. */
  storage?: KeyValueStorage
  /** sign-client's log level; 'silent' by default, so nothing reaches the host's console. */
  logger?: LogLevel
}

function webUrl(protocols: readonly string[]) {
  return z.string().check(
    z.refine(
      (value) => {
        try {
          const url = new URL(value)
          return protocols.includes(url.protocol) && url.hostname !== '' && url.username === ''
        } catch {
          return false
        }
      },
      `must be a ${protocols.map((protocol) => protocol.slice(0, -1)).join('/')} URL`,
    ),
  )
}

const namespaceSchema = z.object({
  chains: z.array(z.string().check(z.refine(isCaipNetworkId, 'must be a CAIP-2 network id'))),
  methods: z.array(z.string().check(z.minLength(1))),
  events: z.array(z.string().check(z.minLength(1))),
  rpcMap: recordOf(webUrl(['http:', 'https:']), /^[-_a-zA-Z0-9]{1,32}$/),
})

const configSchema = z.object({
  projectId: z.string().check(z.minLength(1)),
  // Core's one rule for both (wss:/https:, or ws:/http: on a loopback host, no credentials):
  // the config is checked again here because a client can be created without core's options.
  relayUrl: z.optional(walletConnectRelayUrlSchema),
  // The verify service's origin; its trailing slash is dropped after parsing (parseConfig).
  verifyUrl: z.optional(walletConnectVerifyUrlSchema),
  metadata: z.object({
    name: z.string(),
    description: z.string(),
    url: z.string(),
    icons: z.array(z.string()),
  }),
  optionalNamespaces: recordOf(namespaceSchema, /^[-a-z0-9]{3,8}$/),
  storagePrefix: z.string(),
})

const storageSchema = z.custom<KeyValueStorage>(
  (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    ['getKeys', 'getEntries', 'getItem', 'setItem', 'removeItem'].every(
      (name) => typeof (value as Record<string, unknown>)[name] === 'function',
    ),
  'must implement getKeys, getEntries, getItem, setItem and removeItem',
)

const environmentSchema = z.object({
  isMobile: z.optional(z.custom<() => boolean>((value) => typeof value === 'function')),
  openUrl: z.optional(z.custom<(url: string) => void>((value) => typeof value === 'function')),
  storage: z.optional(storageSchema),
  logger: z.optional(z.enum(LOG_LEVELS)),
})

/**
 * zod's English texts ('Too small: expected string to have >=1 characters'…). zod/mini registers
 * no locale, and the page's global zod config is not Latch's to rely on, so they are passed per
 * parse. Core loads the same locale module, so this adds nothing to the host's start-up bundle.
 */
const englishErrors = /* @__PURE__ */ en().localeError

function problems(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.map(String).join('.') || 'value'}: ${issue.message}`)
    .join('; ')
}

/** The config core passed, checked; throws a TypeError naming every problem. */
export function parseConfig(config: WalletConnectConfig): WalletConnectConfig {
  const result = configSchema.safeParse(config, { error: englishErrors })
  if (!result.success)
    throw new TypeError(`Invalid WalletConnect config: ${problems(result.error)}`)
  const parsed = result.data
  // `/v3` is appended to the verify service's origin, so a trailing slash is dropped. Done here,
  // not by a zod transform: core's schemas never need one, and zod's pipe and transform would
  // join the modules shared with the host's start-up bundle.
  if (typeof parsed.verifyUrl === 'string') parsed.verifyUrl = parsed.verifyUrl.replace(/\/+$/, '')
  return parsed as WalletConnectConfig
}

/** The environment, checked; throws a TypeError naming every problem. */
export function parseEnvironment(environment: WalletConnectEnvironment): WalletConnectEnvironment {
  const result = environmentSchema.safeParse(environment, { error: englishErrors })
  if (!result.success)
    throw new TypeError(`Invalid WalletConnect environment: ${problems(result.error)}`)
  return result.data
}
