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
