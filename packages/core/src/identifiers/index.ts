export {
  chainNamespaces,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  type KnownChainNamespace,
} from './types.js'
export {
  assertCaipAddress,
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  type CaipNetworkParts,
  type ParsedCaipAddress,
  type ParsedCaipNetworkId,
} from './caip.js'
export {
  isAddressForNamespace,
  isBitcoinAddress,
  isEvmAddress,
  isSolanaAddress,
} from './address.js'
export {
  BITCOIN_CHAIN_REFERENCES,
  assertAddressOnNetwork,
  bitcoinAddressFamily,
  bitcoinChainFamily,
  isAddressOnNetwork,
  type AddressNetwork,
  type BitcoinAddressFamily,
} from './address-network.js'
export { COIN_TYPE_FLAG, assertEvmChainId, evmChainIdToCoinType } from './chain-id.js'
export { formatAmount, formatAmountFixed, parseAmount, parseTransactionValue } from './amount.js'
