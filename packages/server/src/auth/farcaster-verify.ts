import { createAppClient, viemConnector, type AuthClientError } from '@farcaster/auth-client'
import type { Address } from 'viem'
import type { ChannelParams } from '../db/schema.js'
import { HttpError } from '../http/errors.js'
import type { FarcasterConfig } from './farcaster-config.js'
import { registryUnavailable } from './farcaster-errors.js'

// The check of a "Sign in with Farcaster" message, with @farcaster/auth-client's own
// `verifySignInMessage`: the SIWF form (statement, chain id 10, one fid resource), the nonce and
// domain of the channel, the signature, and the signer against the IdRegistry (auth-client's viem
// connector reads `idOf(signer)` at the registry's canonical address, on `farcaster.rpcUrls`).
// Only custody signatures are accepted: auth addresses would need the KeyRegistry as well.

/** A signed message posted to a channel. */
export interface SignInToVerify {
  message: string
  signature: `0x${string}`
  /** The fid the app says it signs for: the message must name the same. */
  fid: number
  /** The channel's request: the nonce, domain and URI the message must carry. */
  params: ChannelParams
}

/**
 * Verifies a signed message against its channel and the IdRegistry.
 * @returns the custody address that signed it.
 * @throws HttpError 400 (not a SIWF message), 401 (refused: nonce, domain, URI, fid, signature,
 * or a signer that is not the fid's custody address), 503 (the registry's chain unreachable).
 */
export type SignInVerifier = (signIn: SignInToVerify) => Promise<Address>

/** What the app is told: auth-client's own reason (it names nothing the app did not send). */
function refusal(error: AuthClientError | undefined, log: (error: unknown) => void): HttpError {
  const code = error?.errCode
  if (code === 'unauthorized') return new HttpError(401, `Sign-in refused: ${error?.message}`)
  if (code === 'bad_request' || code === 'bad_request.validation_failure') {
    return new HttpError(400, `Not a Sign in with Farcaster message: ${error?.message}`)
  }
  // The chain could not answer (or something unforeseen): nothing is known about the signer.
  // The message alone: the error's cause would log the registry's whole ABI.
  log(new Error(`Sign in with Farcaster: ${code ?? 'unknown'}: ${error?.message ?? ''}`))
  return registryUnavailable()
}

/** The verifier of a `farcaster` configuration. */
export function farcasterVerifier(
  config: Pick<FarcasterConfig, 'rpcUrls'>,
  log: (error: unknown) => void,
): SignInVerifier {
  const client = createAppClient({ ethereum: viemConnector({ rpcUrls: config.rpcUrls }) })
  return async ({ message, signature, fid, params }) => {
    const verified = await client.verifySignInMessage({
      nonce: params.nonce,
      domain: params.domain,
      message,
      signature,
      acceptAuthAddress: false,
    })
    if (verified.isError) throw refusal(verified.error, log)
    // auth-client checks the fid the message names against the signer; the app's claim and the
    // channel's URI are this relay's to check.
    if (verified.fid !== fid) {
      throw new HttpError(
        401,
        `Sign-in refused: the message is for fid ${verified.fid}, not ${fid}`,
      )
    }
    if (verified.data.uri !== params.siweUri) {
      throw new HttpError(401, 'Sign-in refused: the message is for another URI')
    }
    return verified.data.address
  }
}
