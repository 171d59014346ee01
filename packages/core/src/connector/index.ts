export { connectorTypes, isBrowserWallet, type Connector, type ConnectorType } from './connector.js'
export { isWalletExcluded, withoutExcludedWallets } from './exclusion.js'
