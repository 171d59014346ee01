import type { Connector, Network } from '@latch/core'

/** What a Bitcoin address is for, as both wallet standards name it. */
export type AddressPurpose = 'payment' | 'ordinals'

/** One address the wallet exposes (issue 14's getAccountAddresses). */
export interface BitcoinAccountAddress {
  readonly address: string
  /** Hex, as the wallet gives it (33-byte compressed, or a 32-byte x-only Taproot key). */
  readonly publicKey: string
  /** The derivation path, when the wallet tells it. */
  readonly path?: string
  readonly purpose: AddressPurpose
}

/** A wallet's connectors, as core lists them: id = the wallet's name or the provider's id. */
export interface BitcoinConnector extends Connector {
  readonly type: 'ANNOUNCED'
  readonly chain: 'bip122'
}

/** Which face of a wallet a connector speaks to. */
export type WalletFace = 'wallet-standard' | 'sats-connect'

/** BIP-322 (the default) or the legacy ECDSA message signature (BIP-137). */
export type MessageProtocol = 'bip322' | 'ecdsa'

/** Inputs of a PSBT an address signs (AppKit's and sats-connect's shape). */
export interface SignInput {
  readonly address: string
  readonly index: number
  /** Sighash types; the input's own, else SIGHASH_ALL (Taproot: DEFAULT), when absent. */
  readonly sighashTypes?: readonly number[]
}

/** What a wallet reports between calls, before the adapter turns it into core's events. */
export type WalletEvent =
  | { type: 'accounts'; addresses: readonly BitcoinAccountAddress[] }
  | { type: 'chain'; reference: string }
  | { type: 'disconnect' }

/** What a connect answers: the addresses, and the chain the wallet says it is on, if it says. */
export interface WalletConnection {
  readonly addresses: readonly BitcoinAccountAddress[]
  readonly reference?: string
}

/**
 * The one interface both faces implement (Wallet Standard `bitcoin:*` features, and sats-connect's
 * `request()`), so the adapter treats every Bitcoin wallet alike. Errors are the wallet's own
 * (with its numeric code); a sats-connect rejection (-32000) is thrown as core's USER_REJECTED.
 */
export interface BitcoinWalletFace {
  readonly face: WalletFace
  readonly connector: BitcoinConnector
  /** A prompt, on `network` when one is asked for. */
  connect(network?: Network): Promise<WalletConnection>
  /** Without a prompt: null when the wallet does not authorize the site (any more). */
  reconnect(): Promise<WalletConnection | null>
  /** Ends the connection; never rejects. */
  disconnect(): Promise<void>
  /** The addresses exposed to the site now, without a prompt ([] when not connected). */
  getAccountAddresses(): Promise<readonly BitcoinAccountAddress[]>
  /** Resolves with the signature as the wallet encodes it: base64. */
  signMessage(request: {
    address: string
    message: string
    protocol: MessageProtocol
  }): Promise<string>
  /**
   * Signs the inputs named; the PSBT goes in and out as base64. `broadcast` is passed to a wallet
   * that broadcasts itself (sats-connect), which then answers the txid; otherwise the PSBT comes
   * back signed and unbroadcast, and the adapter broadcasts it.
   */
  signPSBT(request: {
    psbt: string
    signInputs: readonly SignInput[]
    broadcast: boolean
    network: Network
  }): Promise<{ psbt: string; txid?: string }>
  /** The wallet's own transfer (sats-connect `sendTransfer`), when it has one. */
  sendTransfer?(request: { recipient: string; amount: bigint }): Promise<string>
  /** Asks the wallet to move to `network`; a face without such a request resolves at once. */
  switchNetwork(network: Network): Promise<void>
  /** Listens to the wallet's changes; returns the unsubscribe. */
  watch(listener: (event: WalletEvent) => void): () => void
}
