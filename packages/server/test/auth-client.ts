// The secure frame's side of the email login, for the tests: a device key as the frame holds it
// (WebCrypto ECDSA P-256, private key not extractable), proofs made with jose, and calls to the
// in-process server from the frame's origin.
import { randomBytes } from 'node:crypto'
import {
  ACCESS_TOKEN_SCHEME,
  AUTH_API_PATHS,
  DEVICE_PROOF_HEADER,
  type DeviceJwk,
} from '@latch/core/api'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { createHash } from 'node:crypto'
import type { LatchServer } from '../src/server.js'

/** The test server's public URL: the frame's origin, and the `htu` of every proof. */
export const FRAME_ORIGIN = 'http://127.0.0.1:8787'

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/** What a proof may be made to say, to test the server's checks. */
export interface ProofOverrides {
  htm?: string
  htu?: string
  iat?: number
  jti?: string
  bh?: string
  ath?: string | null
}

/** A browser's key, as the frame keeps it. */
export interface TestDevice {
  readonly jwk: DeviceJwk
  /** A device proof (compact JWS) for one request. */
  proof(
    request: { method: string; path: string; body: string; accessToken?: string; now: number },
    overrides?: ProofOverrides,
  ): Promise<string>
}

export async function createDevice(): Promise<TestDevice> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: false })
  const exported = await exportJWK(publicKey)
  const jwk: DeviceJwk = { kty: 'EC', crv: 'P-256', x: exported.x ?? '', y: exported.y ?? '' }
  return {
    jwk,
    async proof(request, overrides = {}) {
      const ath =
        overrides.ath === null
          ? undefined
          : (overrides.ath ?? (request.accessToken ? sha256(request.accessToken) : undefined))
      return new SignJWT({
        htm: overrides.htm ?? request.method,
        htu: overrides.htu ?? `${FRAME_ORIGIN}${request.path}`,
        bh: overrides.bh ?? sha256(request.body),
        ...(ath ? { ath } : {}),
      })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
        .setJti(overrides.jti ?? randomBytes(16).toString('base64url'))
        .setIssuedAt(overrides.iat ?? Math.floor(request.now / 1000))
        .sign(privateKey)
    },
  }
}

/** One auth call's options. */
export interface CallOptions {
  accessToken?: string
  /** A proof to send instead of a fresh one ('none': no DPoP header). */
  proof?: string | 'none'
  overrides?: ProofOverrides
  headers?: Record<string, string>
  /** The Authorization header as sent, replacing `DPoP <accessToken>`. */
  authorization?: string
  /** The Origin header: the frame's by default; null sends none (a call not from a page). */
  origin?: string | null
  /** Query parameters besides `projectId` (the RPC route's `chainId`). */
  query?: Record<string, string>
}

/** A frame talking to the server for one project, with one clock. */
export interface FrameClient {
  readonly device: TestDevice
  /** POSTs a JSON body (a string is sent as it is) to an auth path, with a proof. */
  call(path: string, body: unknown, options?: CallOptions): Promise<Response>
  /** The last proof sent (to replay it). */
  lastProof(): string | undefined
}

export function frameClient(
  server: LatchServer,
  projectId: string,
  device: TestDevice,
  now: () => number,
  /** Headers of every call (a test's own client address). */
  baseHeaders: Record<string, string> = {},
): FrameClient {
  let last: string | undefined
  return {
    device,
    lastProof: () => last,
    async call(path, body, options = {}) {
      const text = typeof body === 'string' ? body : JSON.stringify(body)
      const proof =
        options.proof ??
        (await device.proof(
          {
            method: 'POST',
            path,
            body: text,
            now: now(),
            ...(options.accessToken ? { accessToken: options.accessToken } : {}),
          },
          options.overrides,
        ))
      last = proof === 'none' ? undefined : proof
      const authorization =
        options.authorization ??
        (options.accessToken ? `${ACCESS_TOKEN_SCHEME} ${options.accessToken}` : undefined)
      return server.fetch(
        new Request(
          `${FRAME_ORIGIN}${path}?${new URLSearchParams({ projectId, ...options.query })}`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(options.origin === null ? {} : { origin: options.origin ?? FRAME_ORIGIN }),
              ...baseHeaders,
              ...(proof === 'none' ? {} : { [DEVICE_PROOF_HEADER]: proof }),
              ...(authorization ? { authorization } : {}),
              ...options.headers,
            },
            body: text,
          },
        ),
      )
    },
  }
}

export { AUTH_API_PATHS }
