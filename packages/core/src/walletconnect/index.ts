export {
  WALLETCONNECT_CONNECTOR_ID,
  type PairingRequest,
  type ProposalNamespace,
  type RemoteProvider,
  type WalletConnectClient,
  type WalletConnectConfig,
  type WalletConnectLoader,
  type WalletConnectPeer,
  type WalletConnectSession,
} from './contract.js'
export { proposalNamespaces } from './namespaces.js'
export {
  PAIRING_LIFETIME_MS,
  PAIRING_LINK_EXPIRY_MARGIN_MS,
  PAIRING_LINK_TTL_MS,
  PAIRING_RELAY_WAIT_MS,
  pairingExpiryTimestamp,
  pairingLinkExpiresAt,
} from './pairing.js'
export {
  walletConnectMachine,
  type WalletConnectContext,
  type WalletConnectEmitted,
  type WalletConnectEvent,
} from './walletconnect.machine.js'
export { createWalletConnectLink, type WalletConnectLink } from './link.js'
export { walletAppLinks, walletDeepLink, type WalletAppLink } from './deep-link.js'
export {
  samePairing,
  selectPairing,
  type PairingPhase,
  type PairingSnapshot,
  type PairingState,
} from './pairing-state.js'
