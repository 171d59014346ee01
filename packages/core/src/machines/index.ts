export {
  connectionMachine,
  DISCONNECT_WAIT_MS,
  type ConnectionContext,
} from './connection.machine.js'
export { reconnectOrder } from './connection.rules.js'
export {
  caipAddressOf,
  selectAccountState,
  selectCurrentConnection,
  selectStatus,
  toConnectHelperResult,
  type AccountState,
  type ConnectHelperResult,
  type ConnectionSnapshot,
  type EmbeddedWalletInfo,
} from './connection.selectors.js'
export type {
  AccountData,
  Connection,
  ConnectionEmitted,
  ConnectionEvent,
  ConnectionStatus,
  ConnectorInfo,
  EmbeddedWallet,
  EmbeddedWalletAuthProvider,
  ReconnectCandidate,
} from './connection.types.js'
export {
  modalMachine,
  SHAKE_DURATION_MS,
  type ModalContext,
  type ModalEmitted,
  type ModalEvent,
  type ModalInput,
} from './modal.machine.js'
export {
  selectCanGoBack,
  selectIsCloseDisabled,
  selectModalState,
  selectRoute,
  type ModalSnapshot,
} from './modal.selectors.js'
export {
  networkMachine,
  type NetworkMachineEmitted,
  type NetworkMachineEvent,
  type NetworkMachineInput,
} from './network.machine.js'
export {
  AUTH_CONNECTOR_NAMESPACES,
  selectActiveCaipNetworkId,
  selectActiveNamespace,
  selectActiveNetwork,
  selectIsSwitchingNamespace,
  selectIsUnsupportedChain,
  selectLastError,
  selectNetworks,
  selectPendingSwitch,
  type NetworkContext,
} from './network-rules.js'
export {
  toastMachine,
  TOAST_DURATION_MS,
  TOAST_REPLACE_DELAY_MS,
  type Toast,
  type ToastEvent,
  type ToastVariant,
} from './toast.machine.js'
export { accountDataMachine } from './account-data.machine.js'
export {
  selectAccountTab,
  selectActivity,
  selectNfts,
  selectOpenNft,
  type AccountDataSnapshot,
  type AccountListView,
  type ListStatus,
} from './account-data.selectors.js'
export {
  accountTabs,
  type AccountDataContext,
  type AccountDataEmitted,
  type AccountDataEvent,
  type AccountDataTarget,
  type AccountList,
  type AccountTab,
  type FetchedPage,
  type NftItem,
  type NftPage,
  type PageRequest,
  type PagedList,
} from './account-data.types.js'
export {
  activityRows,
  explorerTransactionUrl,
  pendingActivityRows,
  type ActivityRow,
} from './activity-rows.js'
export {
  identityMachine,
  isIdentityTarget,
  type IdentityEmitted,
  type IdentityEvent,
  type IdentityRequest,
} from './identity.machine.js'
// The Activity tab's items, as the server sends them (the shared schema's types).
export type { Transaction, TransactionTransfer } from '../api/account.js'
