export {
  connectableWallets,
  directoryItem,
  findConnectTarget,
  findInstalled,
  installedItem,
  toConnectorInfo,
  walletConnectItem,
  walletLinks,
  WALLETCONNECT_NAME,
  type ConnectTarget,
  type ConnectorsByNamespace,
  type WalletItem,
  type WalletLink,
  type WalletTag,
} from './wallet-item.js'
export {
  connectMethodsFor,
  connectWalletList,
  type ConnectMethodsInput,
  type ConnectWalletListInput,
  type WalletListOptions,
} from './connect-wallets.js'
export { allWalletsList, type AllWalletsListInput } from './all-wallets.js'
export { choosePairingEvents, chooseWalletEvents } from './choose-wallet.js'
export {
  selectConnectAttempt,
  type ConnectAttempt,
  type ConnectAttemptStatus,
} from './connect-attempt.js'
export {
  IMAGE_PRELOAD_LIMIT,
  IMAGE_PRELOAD_TIMEOUT_MS,
  imagesToPreload,
  preloadImages,
  type ImageLoader,
  type PreloadOptions,
  type PreloadOutcome,
} from './image-preload.js'
export {
  LATCH_SDK,
  createLatchDirectory,
  type LatchDirectory,
  type LatchDirectoryOptions,
} from './latch-directory.js'
export {
  DIRECTORY_SEARCH_DEBOUNCE_MS,
  selectWalletDirectory,
  walletDirectoryMachine,
  type WalletDirectoryActor,
  type WalletDirectoryContext,
  type WalletDirectoryEvent,
  type WalletDirectoryInput,
  type WalletDirectorySnapshot,
  type WalletDirectoryView,
} from './wallet-directory.machine.js'
