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
