/** The AllWallets view's strings. Keys start with 'view.AllWallets.'; 'view.AllWallets.title' is the modal title. */
export const allWalletsMessages = {
  'view.AllWallets.title': 'All Wallets',
  'view.AllWallets.search': 'Search wallets',
  'view.AllWallets.list': 'Wallets',
  'view.AllWallets.loading': 'Loading wallets…',
  'view.AllWallets.loadingMore': 'Loading more wallets…',
  'view.AllWallets.results': 'Wallets found: {count}',
  'view.AllWallets.empty': 'No wallet found',
  'view.AllWallets.error': 'The wallet list could not be loaded.',
  'view.AllWallets.retry': 'Try again',
} as const
