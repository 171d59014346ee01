/**
 * The Bitcoin Wallet Standard's features this adapter calls, as ExodusMovement's
 * bitcoin-wallet-standard defines them (MetaMask's Bitcoin wallet and Reown AppKit copy them).
 * Only `bitcoin:connect` is published on npm, so the shapes are declared here. Types only.
 */
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import type { AddressPurpose } from './types.js'

export const BITCOIN_CONNECT = 'bitcoin:connect'
export const BITCOIN_SIGN_MESSAGE = 'bitcoin:signMessage'
export const BITCOIN_SIGN_TRANSACTION = 'bitcoin:signTransaction'
export const STANDARD_CONNECT = 'standard:connect'
export const STANDARD_DISCONNECT = 'standard:disconnect'
export const STANDARD_EVENTS = 'standard:events'

/** The Wallet Standard's SIGHASH flag names (an earlier draft took the byte: both are sent). */
export type SigHashFlag =
  'ALL' | 'NONE' | 'SINGLE' | 'ALL|ANYONECANPAY' | 'NONE|ANYONECANPAY' | 'SINGLE|ANYONECANPAY'

export interface InputToSign {
  readonly account: WalletAccount
  readonly signingIndexes: readonly number[]
  readonly sigHash?: SigHashFlag
}

type BitcoinFeatures = {
  readonly [BITCOIN_CONNECT]: {
    readonly version: string
    readonly connect: (input: {
      readonly purposes: readonly AddressPurpose[]
    }) => Promise<{ readonly accounts: readonly WalletAccount[] }>
  }
  readonly [BITCOIN_SIGN_MESSAGE]?: {
    readonly version: string
    readonly signMessage: (
      ...inputs: readonly { readonly account: WalletAccount; readonly message: Uint8Array }[]
    ) => Promise<readonly { readonly signedMessage: Uint8Array; readonly signature: Uint8Array }[]>
  }
  readonly [BITCOIN_SIGN_TRANSACTION]?: {
    readonly version: string
    readonly signTransaction: (
      ...inputs: readonly {
        readonly psbt: Uint8Array
        readonly inputsToSign: readonly InputToSign[]
        readonly chain?: IdentifierString
      }[]
    ) => Promise<readonly { readonly signedPsbt: Uint8Array }[]>
  }
}

type Features = BitcoinFeatures &
  Partial<StandardConnectFeature> &
  Partial<StandardDisconnectFeature> &
  Partial<StandardEventsFeature>

/** A wallet with `bitcoin:connect`: its features typed as the adapter uses them. */
export type BitcoinStandardWallet = Wallet & { readonly features: Features }

export type { Wallet, WalletAccount }

/** The compatibility rule (issue 14): a Wallet Standard wallet is a Bitcoin one by `bitcoin:connect`. */
export function isBitcoinStandardWallet(wallet: Wallet): wallet is BitcoinStandardWallet {
  return BITCOIN_CONNECT in (wallet.features as Partial<Record<string, unknown>>)
}
