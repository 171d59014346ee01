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
