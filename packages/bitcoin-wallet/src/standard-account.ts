import type { WalletAccount } from '@wallet-standard/base'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import type { AddressPurpose, WalletKey } from './keys.js'
import { chainIdsOf, type BitcoinNetworkName } from './networks.js'
import {
  BitcoinSignAndSendTransaction,
  BitcoinSignMessage,
  BitcoinSignTransaction,
} from './standard-features.js'

const ACCOUNT_FEATURES = [
  BitcoinSignMessage,
  BitcoinSignTransaction,
  BitcoinSignAndSendTransaction,
] as const

/**
 * A Wallet-Standard account that also says what its address is for, as the Bitcoin Wallet
 * Standard's reference wallet (Exodus' "Satoshi") adds `purpose` to its accounts. Frozen, like
 * its base.
 */
export class BitcoinWalletAccount extends ReadonlyWalletAccount {
  readonly purpose: AddressPurpose
  readonly addressType: 'p2wpkh' | 'p2tr'

  constructor(account: WalletAccount, purpose: AddressPurpose, addressType: 'p2wpkh' | 'p2tr') {
    super(account)
    this.purpose = purpose
    this.addressType = addressType
    if (new.target === BitcoinWalletAccount) Object.freeze(this)
  }
}

/** The account of a key on a network: its address there, its chain ids, its features. */
export function standardAccount(key: WalletKey, network: BitcoinNetworkName): BitcoinWalletAccount {
  return new BitcoinWalletAccount(
    {
      address: key.addressOn(network),
      publicKey: key.publicKey,
      chains: chainIdsOf(network),
      features: ACCOUNT_FEATURES,
      label: `Dev account ${key.account} (${key.purpose})`,
    },
    key.purpose,
    key.addressType,
  )
}
