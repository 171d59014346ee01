import {
  ACCESS_TOKEN_SCHEME,
  custodyErrorSchema,
  DEVICE_PROOF_HEADER,
  farcasterErrorSchema,
  socialErrorSchema,
} from '@latch/core/api'
import * as z from 'zod/mini'
import { deviceProof, type DeviceKey } from './keys.js'

/** A refusal from the Latch server: its status, its code (when it has one) and its message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** A refusal's body: the auth codes, with the custody, the social or the Farcaster login's own. */
const errorBodySchema = z.union([custodyErrorSchema, socialErrorSchema, farcasterErrorSchema])

/** A schema the frame parses an answer with. */
type Schema<T> = z.ZodMiniType<T>

/** One call to the Latch server, with the device's proof (and the access token, signed in). */
export type ApiCall = <T>(
  path: string,
  body: unknown,
  schema: Schema<T>,
  options?: { accessToken?: string; signal?: AbortSignal },
) => Promise<T>

/** The frame's client of `/v1/auth/*`: every call carries a fresh device proof. */
export function createApi(options: {
  apiUrl: string
  projectId: string
  device: DeviceKey
  fetch?: typeof fetch
}): ApiCall {
  const origin = new URL(options.apiUrl).origin
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  return async (path, body, schema, callOptions = {}) => {
    const text = JSON.stringify(body)
    const { accessToken, signal } = callOptions
    const proof = await deviceProof(options.device, {
      method: 'POST',
      url: `${origin}${path}`,
      body: text,
      ...(accessToken ? { accessToken } : {}),
    })
    let response: Response
    try {
      response = await fetchFn(
        `${origin}${path}?projectId=${encodeURIComponent(options.projectId)}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [DEVICE_PROOF_HEADER]: proof,
            ...(accessToken ? { authorization: `${ACCESS_TOKEN_SCHEME} ${accessToken}` } : {}),
          },
          body: text,
          ...(signal ? { signal } : {}),
        },
      )
    } catch (error) {
      if (signal?.aborted) throw error
      throw new ApiError(0, undefined, 'Could not reach the Latch server')
    }
    const json: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const parsed = z.safeParse(errorBodySchema, json)
      throw new ApiError(
        response.status,
        parsed.success ? parsed.data.code : undefined,
        parsed.success ? parsed.data.error : `HTTP status code: ${response.status}`,
      )
    }
    const parsed = z.safeParse(schema, json)
    if (!parsed.success) throw new ApiError(response.status, undefined, 'Unexpected server answer')
    return parsed.data
  }
}
