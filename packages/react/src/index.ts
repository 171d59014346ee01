export { LatchProvider, type LatchProviderProps } from './LatchProvider.js'
export { ConnectButton, type ConnectButtonProps } from './components/ConnectButton/ConnectButton.js'
export { useLatch, useT } from './hooks/useLatch.js'
export { useLatchAccount, useLatchAccountData } from './hooks/useLatchAccount.js'
export { useLatchNetwork, type LatchNetworkState } from './hooks/useLatchNetwork.js'
export { useLatchModal, type LatchModalState } from './hooks/useLatchModal.js'
export { useLatchConnections, type LatchConnectionsState } from './hooks/useLatchConnections.js'
export { enMessages } from './i18n/en.js'
export {
  createTranslator,
  type MessageKey,
  type Messages,
  type Translate,
} from './i18n/translator.js'
// The page-level helpers (connect, getAccount, disconnect, open) live on the instance itself,
// usable from code that is not React: createLatch(options).connect(). This createLatch is
// core's, with WalletConnect pairing loaded on demand and the phone check as defaults.
export { createLatch, loadWalletConnect, walletConnectLoader } from './create-latch.js'
export { isMobileDevice } from './platform/is-mobile.js'
