import { createSiweMessage, parseSiweMessage } from 'viem/siwe'

// Sign in with the wallet right after an embedded login (issue 30): the visitor just logged in
// in this frame, which is their consent to sign in to the page that embeds it. So one EIP-4361
// message for that page's own origin, written for this login, is signed with no second prompt;
// anything else waits for the visitor's approval, as `personal_sign` does.

/** How long after a login its sign-in needs no prompt. */
export const SIGN_IN_GRANT_MS = 120_000

/** The login's consent to one sign-in: when it was given, and whether it was used. */
export interface SignInGrant {
  readonly at: number
  used: boolean
}

/** What a sign-in message is checked against. */
export interface SignInCheck {
  /** The host page's exact origin (the frame endpoint's). */
  parentOrigin: string
  /** The frame's account. */
  address: string
  /** The EVM chains the frame serves. */
  chainIds: readonly number[]
  now: number
}

/**
 * Whether `message` is a sign-in the login consented to: a canonical EIP-4361 text (viem's
 * own format, nothing added), for the parent page's domain and origin, the frame's account and
 * one of its chains, issued within the grant's time and not expired or not yet valid.
 */
export function isConsentedSignIn(message: string, check: SignInCheck): boolean {
  const fields = parseSiweMessage(message)
  const { address, chainId, domain, uri, nonce, version, issuedAt } = fields
  if (!address || !chainId || !domain || !uri || !nonce || version !== '1' || !issuedAt) {
    return false
  }
  let canonical: string
  try {
    canonical = createSiweMessage({ ...fields, address, chainId, domain, uri, nonce, version })
  } catch {
    return false
  }
  if (canonical !== message) return false
  const parent = new URL(check.parentOrigin)
  if (domain !== parent.host || !URL.canParse(uri) || new URL(uri).origin !== parent.origin) {
    return false
  }
  if (address.toLowerCase() !== check.address.toLowerCase()) return false
  if (!check.chainIds.includes(chainId)) return false
  if (Math.abs(check.now - issuedAt.getTime()) > SIGN_IN_GRANT_MS) return false
  if (fields.expirationTime && fields.expirationTime.getTime() <= check.now) return false
  return !(fields.notBefore && fields.notBefore.getTime() > check.now)
}

/** Whether the grant still covers a sign-in now (unused, and young enough). */
export function grantHolds(grant: SignInGrant | undefined, now: number): grant is SignInGrant {
  return grant !== undefined && !grant.used && now - grant.at <= SIGN_IN_GRANT_MS
}
