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
export { MAX_RDNS_LENGTH, type WalletInfo } from './wallet-info.js'
