import type { CaipNetworkId } from '../identifiers/types.js'
import { shapeSchema } from './runtime-shapes.js'

export type { SIWXMessage, SIWXMessageData, SIWXMessageInput, SIWXSession } from './sign-in-data.js'
import type { SIWXMessage, SIWXMessageInput, SIWXSession } from './sign-in-data.js'

/**
 * Sign-in with X (`options.siwx`): the host decides how messages are built and where sessions
 * live. Core asks for a message after connect when {@link SIWXConfig.getSessions} has none for
 * the account, and stores the signed result with {@link SIWXConfig.addSession}.
 */
export interface SIWXConfig {
  createMessage(input: SIWXMessageInput): Promise<SIWXMessage>
  /** Verifies (host's choice how) and stores a signed session; rejects if it is not valid. */
  addSession(session: SIWXSession): Promise<void>
  getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]>
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  /** Replaces every stored session (used with One-Click Auth; `[]` clears them). */
  setSessions(sessions: SIWXSession[]): Promise<void>
  /** When true, the modal cannot be closed without a session and cancelling disconnects (SPEC §2, §4). */
  getRequired?(): boolean
}

/** Arguments of {@link SIWEConfig.createMessage}. `address` is CAIP-10. */
export interface SIWECreateMessageArgs {
  domain: string
  uri: string
  address: string
  chainId: number
  nonce: string
  version: string
  statement?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

export interface SIWEVerifyMessageArgs {
  message: string
  signature: string
  cacao?: Readonly<Record<string, unknown>>
}

export interface SIWESession {
  address: string
  chainId: number
}

/**
 * Legacy sign-in with Ethereum (`options.siweConfig`). Cannot be combined with `siwx` (SPEC §5);
 * new integrations should use {@link SIWXConfig}.
 */
export interface SIWEConfig {
  getNonce(address?: string): Promise<string>
  createMessage(args: SIWECreateMessageArgs): string
  verifyMessage(args: SIWEVerifyMessageArgs): Promise<boolean>
  getSession(): Promise<SIWESession | null>
  signOut(): Promise<boolean>
  /** Same meaning as {@link SIWXConfig.getRequired}. */
  required?: boolean
}

/**
 * The `siwx` option: `true` for sign-in through the instance's Latch server (`serverUrl`), or an
 * object. Each function given replaces the Latch server's part of the same name, so a host plugs
 * in its own backend: its messenger (`createMessage`), verifier and store (`addSession`,
 * `getSessions`, `revokeSession`, `setSessions`). Give all five to need no Latch server. A host's
 * `createMessage` goes with its own `addSession`: the Latch server accepts only the messages it
 * wrote.
 */
export interface SIWXOptions extends Partial<SIWXConfig> {
  /**
   * SPEC §2, §4: while true, the modal cannot be closed without a session, and cancelling the
   * sign-in disconnects. `getRequired` (asked at each decision) wins over it. Default false.
   */
  required?: boolean
  /** Sign the account out (revoke its session) when its wallet disconnects. Default false. */
  signOutOnDisconnect?: boolean
  /** The message's statement (one line) for the Latch server's messages. */
  statement?: string
}

/** The functions that together make a whole sign-in backend (no Latch server needed). */
export const siwxBackendFunctions = [
  'createMessage',
  'addSession',
  'getSessions',
  'revokeSession',
  'setSessions',
] as const satisfies readonly (keyof SIWXConfig)[]

/** Runtime check for {@link SIWXOptions}. */
export const siwxOptionsSchema = shapeSchema<SIWXOptions>({
  what: 'a SIWX config',
  functions: [],
  optionalFunctions: [...siwxBackendFunctions, 'getRequired'],
  members: (record) => [
    ...(['required', 'signOutOnDisconnect'] as const)
      .filter((key) => record[key] !== undefined && typeof record[key] !== 'boolean')
      .map((key) => `${key} is not a boolean`),
    ...(record.statement === undefined ||
    (typeof record.statement === 'string' && /^[^\r\n]{0,280}$/.test(record.statement))
      ? []
      : ['statement is not one line of at most 280 characters']),
  ],
})

/** Whether `options` is a whole backend (every function of {@link siwxBackendFunctions}). */
export function isWholeSiwxBackend(options: SIWXOptions | true): boolean {
  return options !== true && siwxBackendFunctions.every((name) => options[name] !== undefined)
}

/** Runtime check for {@link SIWEConfig}. */
export const siweConfigSchema = shapeSchema<SIWEConfig>({
  what: 'a SIWE config',
  functions: ['getNonce', 'createMessage', 'verifyMessage', 'getSession', 'signOut'],
  members: (record) =>
    record.required === undefined || typeof record.required === 'boolean'
      ? []
      : ['required is not a boolean'],
})

/**
 * Whether sign-in is required now (SPEC §2, §4): the host's `getRequired()` when given (asked at
 * each decision, so a page can make it optional), else its `required` flag. Default false.
 */
export function isSignInRequired(options: {
  siwx?: SIWXOptions | true | undefined
  siweConfig?: SIWEConfig | undefined
}): boolean {
  const { siwx, siweConfig } = options
  if (siwx === true) return false
  if (siwx) return siwx.getRequired?.() ?? siwx.required ?? false
  return siweConfig?.required ?? false
}
