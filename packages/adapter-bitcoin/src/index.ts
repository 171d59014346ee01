export {
  bitcoinAdapter,
  DEFAULT_FEE_TARGET,
  type BitcoinAccountAddress,
  type BitcoinAdapter,
  type BitcoinAdapterOptions,
  type MessageProtocol,
  type SignInput,
  type SignPsbtRequest,
} from './bitcoin-adapter.js'
export { bitcoinMainnet, bitcoinRegtest, bitcoinTestnet } from './networks.js'
export * from './references.js'
export { BitcoinWalletError } from './connectors/wallet-error.js'
export { isBitcoinStandardWallet } from './connectors/standard-features.js'
export type { AddressPurpose, BitcoinConnector } from './connectors/types.js'
