import type { Connector } from '@latch/core'
import type { WalletInfo } from './wallet-info.js'

/**
 * A browser wallet found by discovery: an EIP-6963 announcement (`ANNOUNCED`, id = rdns) or the
 * legacy `window.ethereum` (`INJECTED`, id {@link INJECTED_CONNECTOR_ID}).
 */
export interface EvmConnector extends Connector {
  readonly type: 'ANNOUNCED' | 'INJECTED'
  readonly chain: 'eip155'
}

/** The id of the `window.ethereum` fallback connector. */
export const INJECTED_CONNECTOR_ID = 'injected'

/** The name shown for `window.ethereum`, which carries no name of its own. */
export const INJECTED_CONNECTOR_NAME = 'Browser Wallet'

export const injectedConnector: EvmConnector = Object.freeze({
  id: INJECTED_CONNECTOR_ID,
  type: 'INJECTED',
  name: INJECTED_CONNECTOR_NAME,
  chain: 'eip155',
})

/** The connector for a validated announcement; its id is the rdns. */
export function announcedConnector(info: WalletInfo): EvmConnector {
  return Object.freeze({
    id: info.rdns,
    type: 'ANNOUNCED',
    name: info.name,
    rdns: info.rdns,
    ...(info.icon === undefined ? {} : { imageUrl: info.icon }),
    chain: 'eip155',
  })
}
