/** The Networks view's strings. Keys start with 'view.Networks.'; 'view.Networks.title' is the modal title. */
export const networksMessages = {
  'view.Networks.title': 'Choose network',
  'view.Networks.list': 'Networks',
  'view.Networks.active': 'Active',
  'view.Networks.empty': 'No networks are configured.',
} as const

/** The SwitchNetwork view's strings. Keys start with 'view.SwitchNetwork.'; 'view.SwitchNetwork.title' is the modal title. */
export const switchNetworkMessages = {
  'view.SwitchNetwork.title': 'Switch network',
  'view.SwitchNetwork.approve': 'Approve in your wallet',
  'view.SwitchNetwork.description': 'Switch to {network} in your wallet to continue.',
  'view.SwitchNetwork.addingChain': 'Your wallet does not know {network} yet. Approve adding it.',
  'view.SwitchNetwork.retrying': 'Added. Now approve the switch to {network}.',
  'view.SwitchNetwork.waiting': 'Waiting for your wallet…',
  'view.SwitchNetwork.failed': 'The switch to {network} did not happen.',
  'view.SwitchNetwork.tryAgain': 'Try again',
} as const

/** The SwitchActiveChain view's strings. Keys start with 'view.SwitchActiveChain.'; 'view.SwitchActiveChain.title' is the modal title. */
export const switchActiveChainMessages = {
  'view.SwitchActiveChain.title': 'Switch chain',
  'view.SwitchActiveChain.heading': 'Switch to {namespace}',
  'view.SwitchActiveChain.description':
    'Your wallet is not connected on {namespace}. Continue to connect a wallet there.',
  'view.SwitchActiveChain.network': 'Network: {network}',
  'view.SwitchActiveChain.continue': 'Continue',
  // Chain families by CAIP-2 namespace; a namespace without an entry is shown as written.
  'view.SwitchActiveChain.namespace.eip155': 'EVM Networks',
  'view.SwitchActiveChain.namespace.solana': 'Solana',
  'view.SwitchActiveChain.namespace.bip122': 'Bitcoin',
  'view.SwitchActiveChain.namespace.polkadot': 'Polkadot',
  'view.SwitchActiveChain.namespace.cosmos': 'Cosmos',
} as const

/** The UnsupportedChain view's strings. Keys start with 'view.UnsupportedChain.'; 'view.UnsupportedChain.title' is the modal title. */
export const unsupportedChainMessages = {
  'view.UnsupportedChain.title': 'Switch network',
  'view.UnsupportedChain.message':
    "This app doesn't support your current network. Switch to an available option to continue.",
  'view.UnsupportedChain.available': 'Available networks',
  'view.UnsupportedChain.disconnect': 'Disconnect',
} as const
