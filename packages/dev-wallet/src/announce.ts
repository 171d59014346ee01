import { DEV_WALLET_ICON } from './icon.js'
import type { Eip1193Provider } from './types.js'

/** EIP-6963 provider info of the dev wallet (the uuid is made per announcement session). */
export const DEV_WALLET_INFO = {
  name: 'Latch Dev Wallet',
  icon: DEV_WALLET_ICON,
  rdns: 'io.latch.devwallet',
} as const

/** EIP-6963's provider info. */
export interface ProviderInfo {
  readonly uuid: string
  readonly name: string
  readonly icon: string
  readonly rdns: string
}

/** EIP-6963's announce event detail. */
export interface ProviderDetail {
  readonly info: ProviderInfo
  readonly provider: Eip1193Provider
}

export interface AnnounceOptions {
  /** Where the events are dispatched and listened for; `window` by default. */
  target?: EventTarget
  /** Also install the provider as `window.ethereum` (removed again on stop if still ours). */
  setWindowEthereum?: boolean
}

function uuidV4(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // randomUUID needs a secure context; a page on a LAN address is not one.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Announces the provider over EIP-6963 now and again on every `eip6963:requestProvider`, with a
 * frozen detail. Returns a function that stops answering requests.
 */
export function announceDevWallet(
  provider: Eip1193Provider,
  options: AnnounceOptions = {},
): () => void {
  const target = options.target ?? window
  const info: ProviderInfo = Object.freeze({ uuid: uuidV4(), ...DEV_WALLET_INFO })
  const detail: ProviderDetail = Object.freeze({ info, provider })
  const announce = () => {
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  }
  target.addEventListener('eip6963:requestProvider', announce)
  const global = globalThis as { ethereum?: unknown }
  if (options.setWindowEthereum) {
    // Defined rather than assigned: a page may have made `ethereum` a getter-only property.
    Object.defineProperty(global, 'ethereum', {
      value: provider,
      configurable: true,
      writable: true,
    })
  }
  announce()
  return () => {
    target.removeEventListener('eip6963:requestProvider', announce)
    if (options.setWindowEthereum && global.ethereum === provider) delete global.ethereum
  }
}
