// Sign in with the wallet (SPEC §3 "Sign-in session", §4 "Sign-in flow"; issue 30): the Latch
// server's `/v1/siwx/*` routes, as zod schemas shared by the server and core's client.
//
// The server writes every message it will accept. A client asks for one (its chain, address and
// page); the server picks the nonce and the times, takes the domain from the request's Origin
// (a page cannot forge it), formats the text in the chain's own format (EIP-4361 for eip155,
// Sign In With Solana for solana, CAIP-122 for bip122) and keeps it with the nonce. The signed
// message must then be that exact text: nothing a client sends can change what was signed, and a
// nonce is spent by its first sign-in. The session is a bearer token (kept hashed on the server),
// which a host's backend checks with `GET /v1/siwx/me`.
import * as z from 'zod/mini'
import { isAddressForNamespace } from '../identifiers/address.js'
import { isCaipNetworkId } from '../identifiers/caip.js'
import type { CaipNetworkId, ChainNamespace } from '../identifiers/types.js'
import { apiErrorSchema } from './errors.js'

/** The sign-in routes, relative to the server's URL; every one also takes `?projectId=`. */
export const SIWX_API_PATHS = {
  /** `POST`: a message to sign, with a fresh nonce. */
  message: '/v1/siwx/message',
  /** `POST`: a signed message becomes a session (its bearer token is in the answer). */
  sessions: '/v1/siwx/sessions',
  /** `GET`, with the session's token: the session, or 401 SESSION_EXPIRED. */
  me: '/v1/siwx/me',
  /** `POST`, with the session's token: ends that session. */
  signOut: '/v1/siwx/sign-out',
} as const

/** `GET`, with a token of that account: the account's live sessions (every device). */
export function siwxAccountSessionsPath(chainId: string, address: string): string {
  return `/v1/siwx/accounts/${encodeURIComponent(chainId)}/${encodeURIComponent(address)}/sessions`
}

/** `POST`, with a token of the same account: revokes one of its sessions. */
export function siwxRevokePath(sessionId: string): string {
  return `/v1/siwx/sessions/${encodeURIComponent(sessionId)}/revoke`
}

/** How long a message may wait for its signature: its nonce is refused after this. */
export const SIWX_NONCE_TTL_SECONDS = 300
/** A session's default lifetime (the message's expirationTime): seven days. */
export const SIWX_SESSION_TTL_SECONDS = 7 * 24 * 60 * 60
/** The message's `version` field (EIP-4361, CAIP-122). */
export const SIWX_MESSAGE_VERSION = '1'
/** The statement's longest text; a statement is one line (EIP-4361). */
export const SIWX_STATEMENT_MAX = 280
/** The most resources one message lists. */
export const SIWX_RESOURCES_MAX = 10
/** The longest message text and signature accepted (a BIP-322 witness, an ERC-6492 wrapper). */
export const SIWX_MESSAGE_MAX = 4096
export const SIWX_SIGNATURE_MAX = 8192

/** The namespaces the server signs in: EVM, Solana and Bitcoin. */
export const SIWX_NAMESPACES = ['eip155', 'solana', 'bip122'] as const satisfies ChainNamespace[]

const caipNetworkIdSchema = z.custom<CaipNetworkId>(isCaipNetworkId, 'Invalid CAIP-2 network id')

/** The namespace of a CAIP-2 id, if it is one the server signs in. */
export function siwxNamespaceOf(chainId: string): (typeof SIWX_NAMESPACES)[number] | undefined {
  const namespace = chainId.split(':')[0]
  return SIWX_NAMESPACES.find((candidate) => candidate === namespace)
}

/**
 * Sign In With Solana's `Chain ID` for a CAIP-2 id: the cluster name its spec lists (`mainnet`,
 * `devnet`, `testnet`, `localnet`) for the chains it names, so wallets that check the field
 * know it; the CAIP-2 id itself for any other chain. The server writes it, and a wallet's own
 * `solana:signIn` is handed the same, so both write one text.
 */
const SOLANA_CLUSTERS: Readonly<Record<string, string>> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'testnet',
  'solana:localnet': 'localnet',
}

/** The `Chain ID` a Solana sign-in message carries for `chainId` (see SOLANA_CLUSTERS). */
export function solanaSignInChainId(chainId: string): string {
  return SOLANA_CLUSTERS[chainId] ?? chainId
}

const urlSchema = z.string().check(
  z.maxLength(2048),
  z.refine((value) => URL.canParse(value), 'Must be an absolute URL'),
)
const isoTimeSchema = z.iso.datetime({ offset: true })

/** SPEC §3 "Sign-in message data", as the server wrote it. Times are ISO 8601. */
export const siwxMessageDataSchema = z.object({
  chainId: caipNetworkIdSchema,
  accountAddress: z.string().check(z.minLength(1), z.maxLength(128)),
  nonce: z.string().check(z.regex(/^[A-Za-z0-9]{16,64}$/, 'Must be an alphanumeric nonce')),
  domain: z.string().check(z.minLength(1), z.maxLength(255)),
  uri: urlSchema,
  version: z.string().check(z.maxLength(8)),
  expirationTime: z.optional(isoTimeSchema),
  issuedAt: z.optional(isoTimeSchema),
  notBefore: z.optional(isoTimeSchema),
  requestId: z.optional(z.string().check(z.maxLength(128))),
  resources: z.optional(z.array(urlSchema).check(z.maxLength(SIWX_RESOURCES_MAX))),
  statement: z.optional(z.string().check(z.maxLength(SIWX_STATEMENT_MAX))),
})

/**
 * `POST /v1/siwx/message`: who signs in, on which chain, from which page. The page's `uri` must
 * be of the request's Origin, which becomes the message's domain.
 */
export const siwxMessageRequestSchema = z
  .strictObject({
    chainId: caipNetworkIdSchema,
    accountAddress: z.string().check(z.minLength(1), z.maxLength(128)),
    uri: urlSchema,
    statement: z.optional(
      z
        .string()
        .check(z.maxLength(SIWX_STATEMENT_MAX), z.regex(/^[^\r\n]*$/, 'The statement is one line')),
    ),
    requestId: z.optional(z.string().check(z.maxLength(128))),
    resources: z.optional(z.array(urlSchema).check(z.maxLength(SIWX_RESOURCES_MAX))),
  })
  .check(
    z.refine((request) => siwxNamespaceOf(request.chainId) !== undefined, {
      message: 'Sign-in is for eip155, solana and bip122 chains',
      path: ['chainId'],
    }),
    z.refine(
      (request) => {
        const namespace = siwxNamespaceOf(request.chainId)
        return namespace !== undefined && isAddressForNamespace(namespace, request.accountAddress)
      },
      { message: 'Not an address of this chain', path: ['accountAddress'] },
    ),
  )

/** The message to sign: its data and its exact text. */
export const siwxMessageResponseSchema = z.object({
  data: siwxMessageDataSchema,
  message: z.string().check(z.maxLength(SIWX_MESSAGE_MAX)),
})

/**
 * `POST /v1/siwx/sessions`: the message's nonce, its text as signed, and the signature as the
 * namespace encodes it (EVM hex, ERC-1271 and ERC-6492 included; Solana base58; Bitcoin BIP-322
 * base64).
 */
export const siwxSessionRequestSchema = z.strictObject({
  nonce: siwxMessageDataSchema.shape.nonce,
  message: z.string().check(z.minLength(1), z.maxLength(SIWX_MESSAGE_MAX)),
  signature: z.string().check(z.minLength(1), z.maxLength(SIWX_SIGNATURE_MAX)),
  cacao: z.optional(z.record(z.string(), z.unknown())),
})

/** A stored session: its id (to revoke it), and SPEC §3's data, message and signature. */
export const siwxSessionInfoSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  data: siwxMessageDataSchema,
  message: z.string(),
  signature: z.string(),
  cacao: z.optional(z.record(z.string(), z.unknown())),
})

/** A new session: its bearer token (shown once) and the session. */
export const siwxSessionResponseSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/, 'Must be a session token')),
  session: siwxSessionInfoSchema,
})

/** `GET /v1/siwx/me`: the token's session. */
export const siwxMeResponseSchema = z.object({ session: siwxSessionInfoSchema })

/** The account's live sessions. */
export const siwxSessionListSchema = z.object({ sessions: z.array(siwxSessionInfoSchema) })

/** `POST /v1/siwx/sign-out` and a revoke: an empty object. */
export const siwxSignedOutSchema = z.object({})

/** Why a sign-in call was refused (`code` in the error body, beside `error`). */
export const SIWX_ERROR_CODES = [
  /** No such nonce, or it was used, or it is older than {@link SIWX_NONCE_TTL_SECONDS}. */
  'NONCE_EXPIRED',
  /** The signed text is not the message the server wrote for this nonce. */
  'MESSAGE_MISMATCH',
  /** The signature is not the account's over that text (EOA, ERC-1271, ERC-6492, ed25519, BIP-322). */
  'INVALID_SIGNATURE',
  /** The request's Origin is not one of the project's, or the page is of another origin. */
  'DOMAIN_NOT_ALLOWED',
  /** The server does not serve this chain. */
  'CHAIN_NOT_SUPPORTED',
  /** SPEC §8 'Session Expired': the token is unknown, expired or signed out. */
  'SESSION_EXPIRED',
  /** The token is of another account than the one named. */
  'NOT_YOUR_SESSION',
] as const

export type SiwxErrorCode = (typeof SIWX_ERROR_CODES)[number]
export type SiwxMessageData = z.output<typeof siwxMessageDataSchema>
export type SiwxMessageRequest = z.output<typeof siwxMessageRequestSchema>
export type SiwxMessageResponse = z.output<typeof siwxMessageResponseSchema>
export type SiwxSessionRequest = z.output<typeof siwxSessionRequestSchema>
export type SiwxSessionInfo = z.output<typeof siwxSessionInfoSchema>
export type SiwxSessionResponse = z.output<typeof siwxSessionResponseSchema>

/** The body of a refused sign-in call: the server's error body and its code. */
export const siwxErrorSchema = z.extend(apiErrorSchema, {
  code: z.optional(z.enum(SIWX_ERROR_CODES)),
})
export type SiwxError = z.output<typeof siwxErrorSchema>
