import { ACCESS_TOKEN_SCHEME, DEVICE_PROOF_HEADER } from '@latch/core/api'
import { deviceProof, type DeviceKey } from './keys.js'

// The frame's RPC calls, signed in (finding 7): with the session's access token and a device
// proof over the call, the server counts them on the user's own budget, which no anonymous
// client of the project's `/v1/` can spend. Without a session they go as they are.

/**
 * A `fetch` for the frame's RPC route (reads and viem's transport alike) that adds the live
 * access token and a fresh proof to every POST with a text body.
 */
export function signedInRpcFetch(options: {
  device: DeviceKey
  /** The live access token, or undefined when signed out. */
  accessToken: () => Promise<string | undefined>
  fetch?: typeof fetch
}): typeof fetch {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  return async (input, init) => {
    const body = init?.body
    const accessToken = typeof body === 'string' ? await options.accessToken() : undefined
    if (typeof body !== 'string' || accessToken === undefined) return fetchFn(input, init)
    const url = new URL(input instanceof Request ? input.url : String(input))
    const proof = await deviceProof(options.device, {
      method: 'POST',
      url: `${url.origin}${url.pathname}`,
      body,
      accessToken,
    })
    const headers = new Headers(init?.headers)
    headers.set('authorization', `${ACCESS_TOKEN_SCHEME} ${accessToken}`)
    headers.set(DEVICE_PROOF_HEADER, proof)
    return fetchFn(input, { ...init, headers })
  }
}
