/**
 * The Connect view's strings. Keys start with 'view.Connect.'; 'view.Connect.title' is the modal
 * title. The wallet-row strings (tags, links) serve AllWallets too, which shows the same rows.
 */
export const connectMessages = {
  'view.Connect.title': 'Connect Wallet',
  'view.Connect.wallets': 'Wallets',
  'view.Connect.tag.recent': 'Recent',
  'view.Connect.tag.installed': 'Installed',
  'view.Connect.allWallets': 'All wallets',
  'view.Connect.notInstalled': '{wallet} is not installed in this browser. Get it here:',
  'view.Connect.link.homepage': 'Website',
  'view.Connect.link.desktop': 'Desktop app',
  'view.Connect.link.mobile': 'Mobile app',
  'view.Connect.link.webapp': 'Web app',
} as const
