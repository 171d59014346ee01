/**
 * Sign in with Farcaster's strings (issue 12): the button on Connect, and the
 * ConnectingFarcaster view. Keys start with 'view.ConnectingFarcaster.';
 * 'view.ConnectingFarcaster.title' is the modal title. The failures are core's catalogue texts
 * (`error.<CODE>`: 'Session Expired' for an expired channel).
 */
export const connectingFarcasterMessages = {
  'view.ConnectingFarcaster.title': 'Farcaster',
  'view.ConnectingFarcaster.name': 'Farcaster',
  'view.ConnectingFarcaster.scan': 'Scan with your phone',
  'view.ConnectingFarcaster.hint':
    'Scan the QR code with your phone’s camera or Farcaster app, then approve the sign-in there.',
  'view.ConnectingFarcaster.qr': 'QR code to sign in with Farcaster',
  'view.ConnectingFarcaster.preparing': 'Preparing the QR code…',
  'view.ConnectingFarcaster.waiting': 'Waiting for approval in Farcaster…',
  'view.ConnectingFarcaster.open': 'Open in Farcaster',
  'view.ConnectingFarcaster.connecting': 'Approved. Connecting your wallet…',
  'view.ConnectingFarcaster.failed': 'Sign-in failed',
  'view.ConnectingFarcaster.retry': 'Try again',
  'view.ConnectingFarcaster.cancel': 'Cancel',
} as const
