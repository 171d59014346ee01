/**
 * The ConnectingWalletConnect view's strings. Keys start with 'view.ConnectingWalletConnect.';
 * 'view.ConnectingWalletConnect.title' is the modal title. The QR code, status line, copy link
 * and retry strings are shared with the basic view (components/pairing/messages.ts).
 */
export const connectingWalletConnectMessages = {
  'view.ConnectingWalletConnect.title': 'WalletConnect',
  'view.ConnectingWalletConnect.scan': 'Scan with your wallet app',
  'view.ConnectingWalletConnect.scanWallet': 'Scan with {wallet}',
  'view.ConnectingWalletConnect.openMobile': 'Open {wallet} app',
  'view.ConnectingWalletConnect.openDesktop': 'Open {wallet} desktop app',
} as const

/**
 * The ConnectingWalletConnectBasic view's strings. Keys start with
 * 'view.ConnectingWalletConnectBasic.'; 'view.ConnectingWalletConnectBasic.title' is the modal
 * title. The QR code, status line, copy link and retry strings are shared (components/pairing).
 */
export const connectingWalletConnectBasicMessages = {
  'view.ConnectingWalletConnectBasic.title': 'Connect Wallet',
  'view.ConnectingWalletConnectBasic.scan': 'Scan with your wallet app',
  'view.ConnectingWalletConnectBasic.allWallets': 'Browse all wallets',
} as const
