import type { DeviceJwk } from '@latch/core/api'
import type { KeyValueStore } from './store.js'

// The frame's two WebCrypto keys, made once per browser and kept in its IndexedDB as
// non-extractable CryptoKeys: no script, the frame's own included, can ever read their bytes.
// - the device key (ECDSA P-256) signs every call's proof: the server's tokens are bound to it;
// - the wrapping key (AES-GCM 256) encrypts what the frame keeps of the wallet.

const DEVICE_KEY = 'device-key'
const WRAPPING_KEY = 'wrapping-key'

export const toBase64url = (bytes: Uint8Array): string => {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

export const fromBase64url = (text: string): Uint8Array => {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

const encoder = new TextEncoder()

export async function sha256Base64url(text: string): Promise<string> {
  return toBase64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))))
}

/** The device key: its private half (non-extractable) and its public JWK. */
export interface DeviceKey {
  readonly privateKey: CryptoKey
  readonly jwk: DeviceJwk
}

/** The browser's device key, made on first use. */
export async function loadDeviceKey(store: KeyValueStore): Promise<DeviceKey> {
  const stored = await store.get<DeviceKey>(DEVICE_KEY)
  if (stored) return stored
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ])
  const exported = await crypto.subtle.exportKey('jwk', pair.publicKey)
  const key: DeviceKey = {
    privateKey: pair.privateKey,
    jwk: { kty: 'EC', crv: 'P-256', x: exported.x ?? '', y: exported.y ?? '' },
  }
  await store.set(DEVICE_KEY, key)
  return key
}

/** The browser's wrapping key, made on first use. */
export async function loadWrappingKey(store: KeyValueStore): Promise<CryptoKey> {
  const stored = await store.get<CryptoKey>(WRAPPING_KEY)
  if (stored) return stored
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ])
  await store.set(WRAPPING_KEY, key)
  return key
}

/** Bytes encrypted under the wrapping key, bound to a label (the associated data). */
export interface Wrapped {
  readonly iv: Uint8Array<ArrayBuffer>
  readonly data: Uint8Array<ArrayBuffer>
}

export async function wrap(key: CryptoKey, bytes: Uint8Array, label: string): Promise<Wrapped> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(label) },
    key,
    Uint8Array.from(bytes),
  )
  return { iv, data: new Uint8Array(data) }
}

/** The bytes, or undefined when they do not open under this key and label. */
export async function unwrap(
  key: CryptoKey,
  wrapped: Wrapped,
  label: string,
): Promise<Uint8Array | undefined> {
  try {
    const data = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: wrapped.iv, additionalData: encoder.encode(label) },
      key,
      wrapped.data,
    )
    return new Uint8Array(data)
  } catch {
    return undefined
  }
}

/** What one proof covers. */
export interface ProofRequest {
  method: 'GET' | 'POST'
  /** `{publicUrl}{path}`, without query. */
  url: string
  body: string
  accessToken?: string
}

const jsonPart = (value: unknown) => toBase64url(encoder.encode(JSON.stringify(value)))

/**
 * A device proof (core's `deviceProofClaimsSchema`): a compact JWS, ES256, signed by the device
 * key. WebCrypto's ECDSA signature is already the raw r‖s that JWS wants.
 */
export async function deviceProof(device: DeviceKey, request: ProofRequest): Promise<string> {
  const header = jsonPart({ typ: 'dpop+jwt', alg: 'ES256', jwk: device.jwk })
  const claims = jsonPart({
    jti: toBase64url(crypto.getRandomValues(new Uint8Array(16))),
    htm: request.method,
    htu: request.url,
    iat: Math.floor(Date.now() / 1000),
    bh: await sha256Base64url(request.body),
    ...(request.accessToken ? { ath: await sha256Base64url(request.accessToken) } : {}),
  })
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    device.privateKey,
    encoder.encode(`${header}.${claims}`),
  )
  return `${header}.${claims}.${toBase64url(new Uint8Array(signature))}`
}
