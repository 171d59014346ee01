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
} from './connection.selectors.js'
export type {
  AccountData,
  Connection,
  ConnectionEmitted,
  ConnectionEvent,
  ConnectionStatus,
  ConnectorInfo,
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
