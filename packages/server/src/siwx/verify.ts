import { siwxNamespaceOf } from '@latch/core/api'
import { base58 } from '@scure/base'
import { verifyMessageSignature } from '@solana/wallet-standard-util'
import { Verifier } from 'bip322-js'
import { getAddress, isHex } from 'viem'
import type { EvmChain } from '../account/chains.js'
import { HttpError } from '../http/errors.js'
import type { StoredMessage } from './store.js'

// Whether a signature is the account's over the message the server wrote, per namespace. Every
// malformed signature is simply not valid (false).

/** What the check needs: the stored message, the signature as sent, and the EVM chains. */
export interface SignatureCheck {
  message: StoredMessage
  signature: string
  /** The served EVM chains with their clients (ERC-1271 and ERC-6492 read the chain). */
  evmChains: ReadonlyMap<string, EvmChain>
  now: number
}

/**
 * Verifies the signature:
 * - eip155: EIP-4361 through the chain's viem client (`verifySiweMessage`: an EOA's ECDSA, an
 *   ERC-1271 contract wallet, an ERC-6492 wrapped counterfactual one), hex;
 * - solana: ed25519 over the message's UTF-8 bytes with the address as key, base58;
 * - bip122: BIP-322 simple (P2WPKH, P2SH-P2WPKH, Taproot key path) or legacy BIP-137, base64.
 * @throws HttpError 502 when the chain could not be read (eip155).
 */
export async function verifySiwxSignature(check: SignatureCheck): Promise<boolean> {
  const { message, signature } = check
  switch (siwxNamespaceOf(message.chainId)) {
    case 'eip155':
      return verifyEvm(check)
    case 'solana':
      return verifySolana(message.address, message.message, signature)
    case 'bip122':
      return verifyBitcoin(message.address, message.message, signature)
    default:
      return false
  }
}

async function verifyEvm(check: SignatureCheck): Promise<boolean> {
  const chain = check.evmChains.get(check.message.chainId)
  if (!chain || !isHex(check.signature, { strict: true })) return false
  const { data } = check.message
  try {
    // It also checks the text's own fields (address, domain, nonce, times) against ours.
    return await chain.client.verifySiweMessage({
      message: check.message.message,
      signature: check.signature,
      address: getAddress(data.accountAddress),
      domain: data.domain,
      nonce: data.nonce,
      time: new Date(check.now),
    })
  } catch {
    // viem answers false for any signature it cannot accept, a reverted call included; what is
    // left to throw is the transport (a chain that cannot be read), not the signature.
    throw new HttpError(502, 'Chain RPC failed')
  }
}

/** Base58, or undefined when it is not. */
function fromBase58(text: string): Uint8Array | undefined {
  try {
    return base58.decode(text)
  } catch {
    return undefined
  }
}

const ED25519_KEY_BYTES = 32
const ED25519_SIGNATURE_BYTES = 64

function verifySolana(address: string, message: string, signature: string): boolean {
  const publicKey = fromBase58(address)
  const bytes = fromBase58(signature)
  if (publicKey?.length !== ED25519_KEY_BYTES || bytes?.length !== ED25519_SIGNATURE_BYTES) {
    return false
  }
  const text = new TextEncoder().encode(message)
  try {
    return verifyMessageSignature({
      message: text,
      signedMessage: text,
      signature: bytes,
      publicKey,
    })
  } catch {
    // A key that is no curve point.
    return false
  }
}

function verifyBitcoin(address: string, message: string, signature: string): boolean {
  try {
    return Verifier.verifySignature(address, message, signature)
  } catch {
    // bip322-js throws on a signature it cannot read, or an address type it does not verify.
    return false
  }
}
