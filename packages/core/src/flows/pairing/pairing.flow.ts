import { defineFlow } from '../flow.js'

/**
 * WalletConnect pairing (SPEC §2, §4): the QR views' run proposes a session through the
 * instance's WalletConnect client; the root lends an approved session to the adapters.
 */
export const pairingFlow = defineFlow({
  id: 'pairing',
  views: ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'],
  // The generic QR view and the basic one are one run; another chosen wallet is another.
  key: (route) =>
    route.view === 'ConnectingWalletConnect' ? `pair:${route.data.walletId ?? ''}` : 'pair:',
  load: () => import('./pairing.runtime.js').then((m) => m.pairingRuntime),
  host: () => ({}),
  messages: ['pairing.', 'view.ConnectingWalletConnect.', 'view.ConnectingWalletConnectBasic.'],
})
