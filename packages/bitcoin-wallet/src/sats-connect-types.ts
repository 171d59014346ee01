/**
 * The sats-connect face's shapes, as `@sats-connect/core` 0.16 declares them (declared here so
 * the wallet does not ship sats-connect and its axios, valibot and jsontokens).
 */
import type { AddressPurpose } from './keys.js'
import type { BitcoinNetworkName } from './networks.js'

/** sats-connect's `Address`. */
export interface SatsConnectAddress {
  readonly address: string
  /** Hex: 33-byte compressed (payment), 32-byte x-only internal key (ordinals). */
  readonly publicKey: string
  readonly purpose: AddressPurpose
  readonly addressType: 'p2wpkh' | 'p2tr'
  readonly walletType: 'software'
}

/** sats-connect's network object (`wallet_getNetwork`'s result). */
export interface SatsConnectNetwork {
  readonly bitcoin: { readonly name: BitcoinNetworkName }
  readonly stacks: { readonly name: 'mainnet' | 'testnet' }
  readonly spark: { readonly name: 'mainnet' | 'regtest' }
}

export interface RpcErrorObject {
  readonly code: number
  readonly message: string
}

/**
 * What `provider.request()` resolves with: a JSON-RPC 2.0 response message, as Xverse's provider
 * answers (it never rejects). sats-connect's own `request()` turns it into
 * `{ status: 'success', result } | { status: 'error', error }`.
 */
export type RpcResponseMessage =
  | { readonly jsonrpc: '2.0'; readonly id: string; readonly result: unknown }
  | { readonly jsonrpc: '2.0'; readonly id: string; readonly error: RpcErrorObject }

export interface AccountChangeEvent {
  readonly type: 'accountChange'
  readonly addresses?: readonly SatsConnectAddress[]
}
export interface NetworkChangeEvent extends SatsConnectNetwork {
  readonly type: 'networkChange'
  readonly addresses?: readonly SatsConnectAddress[]
}
export interface DisconnectEvent {
  readonly type: 'disconnect'
}

export interface SatsConnectEvents {
  accountChange: AccountChangeEvent
  networkChange: NetworkChangeEvent
  disconnect: DisconnectEvent
}
export type SatsConnectEventName = keyof SatsConnectEvents

/** sats-connect's `ListenerInfo`: `addListener({ eventName, cb })`. */
export type ListenerInfo = {
  [Name in SatsConnectEventName]: {
    eventName: Name
    cb: (event: SatsConnectEvents[Name]) => void
  }
}[SatsConnectEventName]

/** The provider object, found at `window[id]` (WBIP-004) or through the `sats-connect:` feature. */
export interface SatsConnectProvider {
  /** Answers one method; see the README for the methods and their params. */
  request(method: string, params?: unknown): Promise<RpcResponseMessage>
  /**
   * Subscribes to `accountChange`, `networkChange` or `disconnect`, as sats-connect's
   * `addListener({ eventName, cb })` or the older `addListener(eventName, cb)`.
   * @returns the unsubscribe function.
   */
  addListener: {
    (info: ListenerInfo): () => void
    <Name extends SatsConnectEventName>(
      eventName: Name,
      cb: (event: SatsConnectEvents[Name]) => void,
    ): () => void
  }
}

/** The provider's entry in `window.btc_providers` (WBIP-004). */
export interface BtcProviderInfo {
  /** The provider's path on `window` (`getProviderById` splits it on dots). */
  readonly id: string
  readonly name: string
  /** A base64 SVG data URI. */
  readonly icon: string
  /** WBIP-004 lists it; this wallet has no site, so it names none. */
  readonly webUrl?: string
  /** The methods `request()` answers (WBIP-002 names). */
  readonly methods: readonly string[]
}
