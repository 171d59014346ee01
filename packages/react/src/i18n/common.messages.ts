import { errorMessages } from '@latch/core'

/**
 * Strings shared by the modal frame and the ConnectButton. Each view keeps its own strings in
 * its flow's folder (`views/<flow>/messages.ts`); `en.ts` puts them together.
 */
export const commonMessages = {
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.loading': 'Loading…',
  'view.unavailable': 'This view is not available in this version of Latch.',
  'view.unavailableTitle': 'Not available',
  'connectButton.connect': 'Connect Wallet',
  'connectButton.connecting': 'Connecting…',
  'alert.region': 'Setup problems',
  'address.copy': 'Copy address',
  'address.copied': 'Address copied',
  'link.opensInNewTab': '(opens in a new tab)',
} as const

/** SPEC §8 texts, keyed `error.<CODE>`, so errors shown to users are translatable too. */
export const errorCatalogue = Object.fromEntries(
  Object.entries(errorMessages).map(([code, text]) => [`error.${code}`, text]),
) as { [K in keyof typeof errorMessages as `error.${K}`]: (typeof errorMessages)[K] }
