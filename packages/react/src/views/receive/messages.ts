/** The Receive view's strings. Keys start with 'view.Receive.'; 'view.Receive.title' is the modal title. */
export const receiveMessages = {
  'view.Receive.title': 'Receive',
  'view.Receive.address': 'Your {namespace} address',
  'view.Receive.qr': 'QR code of your {namespace} address',
  'view.Receive.copy': 'Copy address',
  'view.Receive.copyFailed': 'Could not copy the address',
  'view.Receive.networks': 'This address receives on',
  'view.Receive.namespaces': 'Address for',
  // Chain families by CAIP-2 namespace; a namespace without an entry is shown as written.
  'view.Receive.namespace.eip155': 'EVM',
  'view.Receive.namespace.solana': 'Solana',
  'view.Receive.namespace.bip122': 'Bitcoin',
} as const
