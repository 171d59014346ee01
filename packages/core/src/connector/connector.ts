import type { ChainNamespace } from '../identifiers/types.js'

/** SPEC §3 connector types. */
export const connectorTypes = [
  'WALLET_CONNECT',
  'AUTH',
  'ANNOUNCED',
  'INJECTED',
  'EXTERNAL',
  'MULTI_CHAIN',
] as const
export type ConnectorType = (typeof connectorTypes)[number]

/**
 * SPEC §3 "Connector": one way to reach a wallet. `name` and `imageUrl` may come from the
 * wallet itself (EIP-6963): views render them only as text and as an `<img>` source.
 */
export interface Connector {
  /** Stable id; for announced wallets, the rdns. */
  readonly id: string
  readonly type: ConnectorType
  readonly name: string
  /** Reverse-DNS id from EIP-6963, used to dedupe and to exclude wallets. */
  readonly rdns?: string
  /** A data: or https: URL, only ever used as an image source (core's safeImageUrl). */
  readonly imageUrl?: string
  /** Id of the image in the wallet directory. */
  readonly imageId?: string
  /** The namespace this connector serves. */
  readonly chain: ChainNamespace
  /** Every namespace a multi-chain connector serves. */
  readonly chains?: readonly ChainNamespace[]
}

/**
 * Browser wallets (injected or announced): "visible" for the connect-method order (SPEC §2), and
 * the ones a disconnect flag is kept for (SPEC §4).
 */
export function isBrowserWalletType(type: string | undefined): boolean {
  return type === 'INJECTED' || type === 'ANNOUNCED'
}

/** Whether a connector is a browser wallet (see {@link isBrowserWalletType}). */
export function isBrowserWallet(connector: Pick<Connector, 'type'>): boolean {
  return isBrowserWalletType(connector.type)
}
