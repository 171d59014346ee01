import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'

/** The Wallet Standard features this adapter calls, by name (types only: no code is loaded). */
export const CONNECT = 'standard:connect'
export const DISCONNECT = 'standard:disconnect'
export const EVENTS = 'standard:events'
export const SIGN_MESSAGE = 'solana:signMessage'
export const SIGN_IN = 'solana:signIn'
export const SIGN_TRANSACTION = 'solana:signTransaction'
export const SIGN_AND_SEND_TRANSACTION = 'solana:signAndSendTransaction'

type Features = StandardConnectFeature &
  StandardEventsFeature &
  Partial<StandardDisconnectFeature> &
  Partial<SolanaSignMessageFeature> &
  Partial<SolanaSignInFeature> &
  Partial<SolanaSignTransactionFeature> &
  Partial<SolanaSignAndSendTransactionFeature>

/** A wallet that passed {@link isCompatibleWallet}: its features typed as the adapter uses them. */
export type SolanaWallet = Wallet & { readonly features: Features }

export type { Wallet, WalletAccount }

/**
 * The compatibility rule (issue 13): connect, events, and a way to sign transactions. A wallet
 * without one of them could connect but never send, or never tell us its accounts changed.
 */
export function isCompatibleWallet(wallet: Wallet): wallet is SolanaWallet {
  const features = wallet.features as Partial<Record<string, unknown>>
  return (
    CONNECT in features &&
    EVENTS in features &&
    (SIGN_TRANSACTION in features || SIGN_AND_SEND_TRANSACTION in features)
  )
}
