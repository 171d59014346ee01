// The instance comes from @latch/core's createLatch, the one entry point for React hosts and
// others alike (WalletConnect is its `walletConnect` option, from @latch/walletconnect). Its
// page-level helpers (connect, getAccount, disconnect, open, setThemeMode) work without React.
export { LatchProvider, type LatchProviderProps } from './LatchProvider.js'
export { ConnectButton, type ConnectButtonProps } from './components/ConnectButton/ConnectButton.js'
export { useLatch, useT } from './hooks/useLatch.js'
export { useLatchAccount, useLatchAccountData } from './hooks/useLatchAccount.js'
export {
  useLatchAccountTab,
  useLatchActivity,
  useLatchNfts,
  useLatchOpenNft,
} from './hooks/useLatchAccountTabs.js'
export { useLatchNetwork, type LatchNetworkState } from './hooks/useLatchNetwork.js'
export { useLatchModal, type LatchModalState } from './hooks/useLatchModal.js'
export { useLatchConnections, type LatchConnectionsState } from './hooks/useLatchConnections.js'
export { useLatchTheme } from './hooks/useLatchTheme.js'
export { useLatchSignIn } from './hooks/useLatchSignIn.js'
export { enMessages } from './i18n/en.js'
export {
  createTranslator,
  type MessageKey,
  type Messages,
  type Translate,
} from './i18n/translator.js'
