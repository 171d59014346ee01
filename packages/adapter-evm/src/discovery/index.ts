export {
  ASYNC_INJECTION_WAIT_MS,
  createEvmDiscovery,
  type DiscoveryWindow,
  type EvmDiscovery,
  type EvmDiscoveryOptions,
} from './discovery.js'
export {
  INJECTED_CONNECTOR_ID,
  INJECTED_CONNECTOR_NAME,
  type EvmConnector,
} from './evm-connector.js'
export { isEip1193Provider, parseAnnouncement, type Announcement } from './announcement.js'
export {
  MAX_DATA_ICON_LENGTH,
  MAX_HTTPS_ICON_LENGTH,
  MAX_RDNS_LENGTH,
  MAX_WALLET_NAME_LENGTH,
  cleanWalletName,
  safeIconUrl,
  type WalletInfo,
} from './wallet-info.js'
