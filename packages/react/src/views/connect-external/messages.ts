/** The ConnectingExternal view's strings. Keys start with 'view.ConnectingExternal.'; 'view.ConnectingExternal.title' is the modal title. */
export const connectingExternalMessages = {
  'view.ConnectingExternal.title': 'Connecting',
  'view.ConnectingExternal.continueIn': 'Continue in {wallet}',
  'view.ConnectingExternal.hint': 'Accept the connection request in the wallet.',
  'view.ConnectingExternal.waiting': 'Waiting for {wallet}…',
  'view.ConnectingExternal.declined': 'Connection declined',
  'view.ConnectingExternal.failed': 'Connection failed',
  'view.ConnectingExternal.connected': 'Connected to {wallet}',
  'view.ConnectingExternal.retry': 'Retry',
  'view.ConnectingExternal.unknownWallet': 'your wallet',
} as const
