import type { CaipNetworkId } from '../identifiers/types.js'

// The data of sign-in with the wallet (SPEC §3), apart from the options' runtime checks, so the
// adapter contract can name it without an import cycle.

/** SPEC §3 "Sign-in message data": what a sign-in message states. Times are ISO 8601 text. */
export interface SIWXMessageData {
  chainId: CaipNetworkId
  accountAddress: string
  nonce: string
  domain: string
  uri: string
  version: string
  expirationTime?: string
  issuedAt?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
  statement?: string
}

/** A sign-in message: its data and the text the wallet signs (`toString()`). */
export interface SIWXMessage extends SIWXMessageData {
  toString(): string
}

/** What core knows when it asks the host for a message: who signs, and on which chain. */
export interface SIWXMessageInput {
  chainId: CaipNetworkId
  accountAddress: string
}

/** SPEC §3 "Sign-in session": the signed message, its data and signature, optionally a CACAO. */
export interface SIWXSession {
  data: SIWXMessageData
  message: string
  signature: string
  /** A CAIP-74 CACAO object, when the wallet produced one (One-Click Auth). */
  cacao?: Readonly<Record<string, unknown>>
  /**
   * The Latch server's bearer token of this session: the page sends it to its own backend, which
   * asks the server who it is (`GET /v1/siwx/me` with `Authorization: Bearer …`). Absent with a
   * host's own backend.
   */
  token?: string
}
