import { pairingMessages } from '../components/pairing/messages.js'
import { commonMessages, errorCatalogue } from './common.messages.js'
import { viewMessages } from '../views/messages.js'

/** The English catalogue: every user-visible string of @latch/react. */
export const enMessages = {
  ...commonMessages,
  ...pairingMessages,
  ...viewMessages,
  ...errorCatalogue,
} as const
