import { createWalletCore } from './core.js'
import { BITCOIN_DEV_WALLET_ICON, BITCOIN_DEV_WALLET_NAME } from './icon.js'
import { createSatsConnectProvider } from './sats-connect.js'
import type { BtcProviderInfo } from './sats-connect-types.js'
import { createStandardWallet } from './standard-wallet.js'
import type { BitcoinDevWallet, BitcoinDevWalletConfig } from './types.js'

/**
 * Where the provider lives on `window` (WBIP-004's `id`: sats-connect's `getProviderById` reads
 * `window[id]`, splitting on dots).
 */
export const BTC_PROVIDER_ID = 'LatchBitcoinDevWalletProvider'

/**
 * A Bitcoin test wallet with one key set and two faces: a Wallet-Standard wallet and a
 * sats-connect provider. Both share the selected account, the network, the site's
 * authorization (in `storage`) and one approval queue; every signature asks it first, so a
 * rejected request signs and sends nothing.
 * @throws WalletError -32602 for a wrong configuration (naming the field), TypeError for an
 * unknown approval policy.
 */
export function createBitcoinDevWallet(config: BitcoinDevWalletConfig): BitcoinDevWallet {
  const core = createWalletCore(config)
  const { provider, methods } = createSatsConnectProvider(core)
  const wallet = createStandardWallet(core, provider)
  const providerInfo: BtcProviderInfo = Object.freeze({
    id: BTC_PROVIDER_ID,
    name: BITCOIN_DEV_WALLET_NAME,
    icon: BITCOIN_DEV_WALLET_ICON,
    methods,
  })
  const { approvals } = core
  return {
    wallet,
    provider,
    providerInfo,
    control: {
      approval: approvals.mode,
      setApproval: approvals.setMode,
      requests: approvals.requests,
      pending: approvals.pending,
      approve: approvals.approve,
      reject: approvals.reject,
      subscribe: approvals.subscribe,
      selectedAccount: () => core.selected().index,
      addresses: () => ({
        payment: core.addressOf(core.selected().payment),
        ordinals: core.addressOf(core.selected().ordinals),
      }),
      selectAccount: core.selectAccount,
      network: core.network,
      setNetwork: core.setNetwork,
      isAuthorized: core.isAuthorized,
      revoke: core.forget,
    },
  }
}
