/**
 * The Connect view's strings. Keys start with 'view.Connect.'; 'view.Connect.title' is the modal
 * title. The wallet rows' strings (tags, links) are shared/messages.ts's.
 */
export const connectMessages = {
  'view.Connect.title': 'Connect Wallet',
  'view.Connect.wallets': 'Wallets',
  'view.Connect.allWallets': 'All wallets',
} as const
