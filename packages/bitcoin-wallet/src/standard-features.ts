/**
 * The Bitcoin Wallet Standard's features, as ExodusMovement/bitcoin-wallet-standard's master
 * defines them (and as MetaMask's Bitcoin wallet and Reown AppKit's adapter copy them): only
 * `bitcoin:connect` is published on npm (`@exodus/bitcoin-wallet-standard-features` 0.0.1), so
 * the other shapes are declared here, field for field.
 */
import type { IdentifierString, WalletAccount } from '@wallet-standard/base'
import type { AddressPurpose } from './keys.js'
import type { SatsConnectProvider } from './sats-connect-types.js'
import type { SigHashFlag } from './psbt.js'

export const BitcoinConnect = 'bitcoin:connect'
export const BitcoinSignMessage = 'bitcoin:signMessage'
export const BitcoinSignTransaction = 'bitcoin:signTransaction'
export const BitcoinSignAndSendTransaction = 'bitcoin:signAndSendTransaction'
/** The feature Exodus' and MetaMask's wallets expose their sats-connect provider under. */
export const SatsConnectFeatureName = 'sats-connect:'

export interface BitcoinConnectInput {
  /** The address types the app wants; the accounts come back in the same order. */
  readonly purposes: readonly AddressPurpose[]
}
export interface BitcoinConnectOutput {
  readonly accounts: readonly WalletAccount[]
}
export type BitcoinConnectFeature = {
  readonly [BitcoinConnect]: {
    readonly version: '1.0.0'
    readonly connect: (input: BitcoinConnectInput) => Promise<BitcoinConnectOutput>
  }
}

export interface BitcoinSignMessageInput {
  readonly account: WalletAccount
  /** The message, as raw bytes. */
  readonly message: Uint8Array
}
export interface BitcoinSignMessageOutput {
  /** The bytes signed over: the message itself (BIP-322 commits to it unprefixed). */
  readonly signedMessage: Uint8Array
  /** BIP-322's "simple" signature: the serialized witness (base64 it for the usual text form). */
  readonly signature: Uint8Array
}
export type BitcoinSignMessageFeature = {
  readonly [BitcoinSignMessage]: {
    readonly version: '1.0.0'
    readonly signMessage: (
      ...inputs: readonly BitcoinSignMessageInput[]
    ) => Promise<readonly BitcoinSignMessageOutput[]>
  }
}

export interface InputToSign {
  readonly account: WalletAccount
  /** The indexes of the inputs this account signs. */
  readonly signingIndexes: readonly number[]
  /** A SIGHASH flag (Exodus' earlier draft took the sighash byte: accepted too). */
  readonly sigHash?: SigHashFlag | number
}
export interface BitcoinSignTransactionInput {
  /** The PSBT, as raw bytes. */
  readonly psbt: Uint8Array
  readonly inputsToSign: readonly InputToSign[]
  /** A chain of the wallet's `chains`; only regtest's are signed for. */
  readonly chain?: IdentifierString
}
export interface BitcoinSignTransactionOutput {
  /** The PSBT with the signatures added, unfinalized, as raw bytes. */
  readonly signedPsbt: Uint8Array
}
export type BitcoinSignTransactionFeature = {
  readonly [BitcoinSignTransaction]: {
    readonly version: '1.0.0'
    readonly signTransaction: (
      ...inputs: readonly BitcoinSignTransactionInput[]
    ) => Promise<readonly BitcoinSignTransactionOutput[]>
  }
}

export interface BitcoinSignAndSendTransactionInput extends BitcoinSignTransactionInput {
  readonly chain: IdentifierString
}
export interface BitcoinSignAndSendTransactionOutput {
  /** The broadcast transaction's id (hex, display order). */
  readonly txId: string
}
export type BitcoinSignAndSendTransactionFeature = {
  readonly [BitcoinSignAndSendTransaction]: {
    readonly version: '1.0.0'
    readonly signAndSendTransaction: (
      ...inputs: readonly BitcoinSignAndSendTransactionInput[]
    ) => Promise<readonly BitcoinSignAndSendTransactionOutput[]>
  }
}

export type SatsConnectFeature = {
  readonly [SatsConnectFeatureName]: { readonly provider: SatsConnectProvider }
}
