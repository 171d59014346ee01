import { crypto, payments, toXOnly } from 'bitcoinjs-lib'
import type { ECPairInterface } from 'ecpair'
import * as z from 'zod/mini'
import { ECPair, fromHex, toHex } from './bitcoin.js'
import { invalidParams } from './errors.js'
import { networkInfo, type BitcoinNetworkName } from './networks.js'
import { parseParams } from './params.js'
import type { BitcoinDevWalletAccount } from './types.js'

/** What an address is for, in sats-connect's and the Wallet Standard's words. */
export type AddressPurpose = 'payment' | 'ordinals'

/** One key the wallet holds, with what every face needs of it. */
export interface WalletKey {
  readonly purpose: AddressPurpose
  readonly addressType: 'p2wpkh' | 'p2tr'
  /** The account it belongs to (its index in the configured key set). */
  readonly account: number
  /**
   * The public key apps are given: 33 bytes compressed for P2WPKH; for Taproot the 32-byte
   * x-only internal key (PSBT's `tapInternalKey`), as Xverse reports its ordinals key.
   */
  readonly publicKey: Uint8Array
  /** The output script the key's coins sit in (the same on every network). */
  readonly script: Uint8Array
  /** The key that signs inputs: itself for P2WPKH, tweaked by BIP-86 (no script tree) for Taproot. */
  readonly signer: ECPairInterface
  /** The untweaked key pair (ECDSA message signatures, BIP-322's P2WPKH witness). */
  readonly pair: ECPairInterface
  /** The key's address on a network (`bcrt1…`, `bc1…`, `tb1…`). */
  addressOn(network: BitcoinNetworkName): string
}

/** An account: a payment key and an ordinals key at the same index. */
export interface AccountKeys {
  readonly index: number
  readonly payment: WalletKey
  readonly ordinals: WalletKey
}

const keyInputSchema = z.object({
  privateKey: z
    .string({ error: 'a private key is 32 bytes of hex (64 characters)' })
    .check(z.regex(/^[0-9a-fA-F]{64}$/, 'a private key is 32 bytes of hex (64 characters)')),
  address: z.optional(z.string()),
})
const accountSchema = z.object({ payment: keyInputSchema, ordinals: keyInputSchema })

function pairOf(privateKeyHex: string): ECPairInterface {
  try {
    return ECPair.fromPrivateKey(fromHex(privateKeyHex)!)
  } catch {
    throw invalidParams('a private key must be a valid secp256k1 scalar')
  }
}

function walletKey(
  purpose: AddressPurpose,
  account: number,
  input: z.infer<typeof keyInputSchema>,
): WalletKey {
  const pair = pairOf(input.privateKey)
  const addressOn =
    purpose === 'payment'
      ? (network: BitcoinNetworkName) =>
          payments.p2wpkh({ pubkey: pair.publicKey, network: networkInfo(network).bitcoinjs })
            .address!
      : (network: BitcoinNetworkName) =>
          payments.p2tr({
            internalPubkey: toXOnly(pair.publicKey),
            network: networkInfo(network).bitcoinjs,
          }).address!
  const key: WalletKey =
    purpose === 'payment'
      ? {
          purpose,
          addressType: 'p2wpkh',
          account,
          publicKey: pair.publicKey,
          script: payments.p2wpkh({ pubkey: pair.publicKey }).output!,
          signer: pair,
          pair,
          addressOn,
        }
      : {
          purpose,
          addressType: 'p2tr',
          account,
          publicKey: toXOnly(pair.publicKey),
          script: payments.p2tr({ internalPubkey: toXOnly(pair.publicKey) }).output!,
          // BIP-86: the output key is the internal key tweaked by TapTweak(x-only internal key).
          signer: pair.tweak(crypto.taggedHash('TapTweak', toXOnly(pair.publicKey))),
          pair,
          addressOn,
        }
  // A listed address must be this key's: a swapped key would sign for coins it cannot spend.
  if (input.address !== undefined && input.address !== key.addressOn('Regtest')) {
    throw invalidParams(
      `the ${purpose} private key of account ${account} does not belong to ${input.address}`,
    )
  }
  return key
}

/** The configured key set, checked (each key a valid scalar, each listed address its key's). */
export function accountKeys(accounts: readonly BitcoinDevWalletAccount[]): AccountKeys[] {
  if (accounts.length === 0) throw invalidParams('accounts must not be empty')
  return accounts.map((raw, index) => {
    const parsed = parseParams(accountSchema, raw, `accounts[${index}].`)
    return {
      index,
      payment: walletKey('payment', index, parsed.payment),
      ordinals: walletKey('ordinals', index, parsed.ordinals),
    }
  })
}

/** The key of an account for a purpose. */
export const keyFor = (account: AccountKeys, purpose: AddressPurpose): WalletKey =>
  purpose === 'payment' ? account.payment : account.ordinals

export const publicKeyHex = (key: WalletKey): string => toHex(key.publicKey)
