/**
 * The strings of the pairing views' shared parts (QR code, status line, copy link, retry), used
 * by ConnectingWalletConnect and ConnectingWalletConnectBasic alike. Keys start with 'pairing.'.
 */
export const pairingMessages = {
  'pairing.qr': 'QR code to connect a wallet',
  'pairing.qrWallet': 'QR code to connect {wallet}',
  'pairing.preparing': 'Preparing the QR code…',
  'pairing.ready': 'Scan the QR code with your wallet app, or copy the link.',
  'pairing.approved': 'Approved in the wallet. Connecting…',
  'pairing.declined': 'Connection declined',
  'pairing.declinedHint': 'The request was declined in the wallet. Try again for a new QR code.',
  'pairing.failed': 'Connection failed',
  'pairing.retry': 'Try again',
  'pairing.copy': 'Copy link',
  'pairing.copied': 'Link copied',
  'pairing.copyFailed': 'The link could not be copied.',
} as const
