/** The Account view's strings. Keys start with 'view.Account.'; 'view.Account.title' is the modal title. */
export const accountMessages = {
  'view.Account.title': 'Account',
  'view.Account.balance': '{balance} {symbol}',
  'view.Account.balanceLoading': 'Loading balance…',
  'view.Account.changeNetwork': 'Change network',
  'view.Account.unknownNetwork': 'Unknown network',
  'view.Account.copyFailed': 'Could not copy the address',
  'view.Account.disconnect': 'Disconnect',
  'view.Account.tabs': 'Assets',
  'view.Account.tab.tokens': 'Tokens',
  'view.Account.tab.nfts': 'NFTs',
  'view.Account.tab.activity': 'Activity',
  'view.Account.nfts.empty': 'No NFTs yet',
  'view.Account.activity.empty': 'No activity yet',
  'view.Account.otherConnections': 'Other connections',
  'view.Account.switchConnection': 'Switch',
  'view.Account.switchConnectionLabel': 'Switch to {wallet} ({address})',
} as const
