import { randomBytes } from 'node:crypto'
import {
  solanaSignInChainId,
  SIWX_MESSAGE_VERSION,
  SIWX_SESSION_TTL_SECONDS,
  siwxNamespaceOf,
  type SiwxMessageData,
  type SiwxMessageRequest,
} from '@latch/core/api'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import { getAddress } from 'viem'
import { createSiweMessage } from 'viem/siwe'

// The texts the server writes, one format per namespace, each from the library its wallets
// use where there is one: EIP-4361 (viem) for eip155, Sign In With Solana (the Wallet Standard's
// own util) for solana, and CAIP-122's generic form for bip122, laid out like EIP-4361.

/**
 * A fresh nonce: 128 random bits as 32 hex digits, which are alphanumeric as EIP-4361 and core's
 * schema ask.
 */
export function newNonce(): string {
  return randomBytes(16).toString('hex')
}

/**
 * The account as the message writes it: EIP-55 for eip155 (EIP-4361 requires it, and one
 * spelling per account lets sessions be found by equality), as given elsewhere (base58 and
 * bech32 addresses are compared exactly).
 */
export function canonicalAddress(chainId: string, address: string): string {
  if (siwxNamespaceOf(chainId) !== 'eip155') return address
  const hex = address.toLowerCase()
  return getAddress(hex.startsWith('0x') ? hex : `0x${hex}`)
}

/** What the server adds to a request: the domain (from Origin), the nonce and the clock. */
export interface MessageContext {
  /** The Origin's host (host:port). */
  domain: string
  nonce: string
  now: number
}

/** SPEC §3's message data for a request: the server's nonce and times, never the client's. */
export function siwxMessageData(
  request: SiwxMessageRequest,
  context: MessageContext,
): SiwxMessageData {
  return {
    chainId: request.chainId,
    accountAddress: canonicalAddress(request.chainId, request.accountAddress),
    nonce: context.nonce,
    domain: context.domain,
    uri: request.uri,
    version: SIWX_MESSAGE_VERSION,
    issuedAt: new Date(context.now).toISOString(),
    expirationTime: new Date(context.now + SIWX_SESSION_TTL_SECONDS * 1000).toISOString(),
    ...(request.statement ? { statement: request.statement } : {}),
    ...(request.requestId ? { requestId: request.requestId } : {}),
    ...(request.resources?.length ? { resources: request.resources } : {}),
  }
}

const date = (iso: string | undefined) => (iso === undefined ? undefined : new Date(iso))

/**
 * The exact text of the message, in its namespace's format.
 * @throws Error when a field breaks the format's rules (viem's checks of EIP-4361).
 */
export function formatSiwxMessage(data: SiwxMessageData): string {
  const namespace = siwxNamespaceOf(data.chainId)
  switch (namespace) {
    case 'eip155':
      return createSiweMessage({
        address: getAddress(data.accountAddress),
        chainId: Number(data.chainId.slice('eip155:'.length)),
        domain: data.domain,
        nonce: data.nonce,
        uri: data.uri,
        version: '1',
        issuedAt: date(data.issuedAt),
        expirationTime: date(data.expirationTime),
        notBefore: date(data.notBefore),
        requestId: data.requestId,
        resources: data.resources,
        statement: data.statement,
      })
    case 'solana':
      return createSignInMessageText({
        domain: data.domain,
        address: data.accountAddress,
        statement: data.statement,
        uri: data.uri,
        version: data.version,
        chainId: solanaSignInChainId(data.chainId),
        nonce: data.nonce,
        issuedAt: data.issuedAt,
        expirationTime: data.expirationTime,
        notBefore: data.notBefore,
        requestId: data.requestId,
        resources: data.resources,
      })
    case 'bip122':
      return caip122Message('Bitcoin', data)
    default:
      throw new Error(`No sign-in message format for ${data.chainId}`)
  }
}

/**
 * CAIP-122's generic text, with EIP-4361's layout line for line: the statement's line stays
 * (empty) when there is none, and the optional fields come in EIP-4361's order.
 */
function caip122Message(blockchain: string, data: SiwxMessageData): string {
  const fields = [
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    `Chain ID: ${data.chainId}`,
    `Nonce: ${data.nonce}`,
    ...(data.issuedAt ? [`Issued At: ${data.issuedAt}`] : []),
    ...(data.expirationTime ? [`Expiration Time: ${data.expirationTime}`] : []),
    ...(data.notBefore ? [`Not Before: ${data.notBefore}`] : []),
    ...(data.requestId ? [`Request ID: ${data.requestId}`] : []),
    ...(data.resources?.length
      ? ['Resources:', ...data.resources.map((resource) => `- ${resource}`)]
      : []),
  ]
  const statement = data.statement ? `${data.statement}\n` : ''
  return (
    `${data.domain} wants you to sign in with your ${blockchain} account:\n` +
    `${data.accountAddress}\n\n${statement}\n${fields.join('\n')}`
  )
}
