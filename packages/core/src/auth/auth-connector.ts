import type { Connector } from '../connector/connector.js'

// Kept apart from the rest of auth/: the start-up JS needs these two names, nothing more.

/** The embedded wallet's connector id, in every namespace it serves. */
export const AUTH_CONNECTOR_ID = 'auth'

/** SPEC §3: the embedded wallet as a connector of type AUTH (EVM accounts, held in the frame). */
export const authConnector: Connector = {
  id: AUTH_CONNECTOR_ID,
  type: 'AUTH',
  name: 'Email',
  chain: 'eip155',
}
