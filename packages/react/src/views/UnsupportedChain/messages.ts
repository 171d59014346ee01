/** The UnsupportedChain view's strings. Keys start with 'view.UnsupportedChain.'; 'view.UnsupportedChain.title' is the modal title. */
export const unsupportedChainMessages = {
  'view.UnsupportedChain.title': 'Switch network',
  'view.UnsupportedChain.message':
    "This app doesn't support your current network. Switch to an available option to continue.",
  'view.UnsupportedChain.available': 'Available networks',
  'view.UnsupportedChain.disconnect': 'Disconnect',
} as const
