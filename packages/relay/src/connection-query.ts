/**
 * The query core's formatRelayRpcUrl puts on the socket URL:
 * `?auth=<JWT>&ua=<user agent>&projectId=<id>&useOnCloseEvent=true[&packageName|bundleId]`.
 * A local relay accepts any project and does not verify the JWT; it only reads the JWT's `iss`
 * (the client's did:key) so a client keeps its identity across reconnections.
 */
import { z } from 'zod'

export interface ConnectionInfo {
  /** Stable client identity: the auth JWT's `iss` when present, else unique per connection. */
  clientKey: string
  /** True when clientKey came from the auth JWT. */
  authenticated: boolean
  projectId?: string
  userAgent?: string
}

const MAX_URL_LENGTH = 8192
const queryValue = z.string().max(512)
const jwtPayload = z.object({
  iss: z
    .string()
    .min(1)
    .max(256)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII'),
})

/** Never throws: anything unreadable is simply left out. */
export function parseConnectionQuery(
  rawUrl: string | undefined,
  fallbackKey: string,
): ConnectionInfo {
  const info: ConnectionInfo = { clientKey: fallbackKey, authenticated: false }
  if (!rawUrl || rawUrl.length > MAX_URL_LENGTH) return info
  let params: URLSearchParams
  try {
    params = new URL(rawUrl, 'http://relay.invalid').searchParams
  } catch {
    return info
  }
  const projectId = queryValue.safeParse(params.get('projectId'))
  if (projectId.success && projectId.data) info.projectId = projectId.data
  const ua = queryValue.safeParse(params.get('ua'))
  if (ua.success && ua.data) info.userAgent = ua.data
  const iss = readJwtIssuer(params.get('auth'))
  if (iss) {
    info.clientKey = iss
    info.authenticated = true
  }
  return info
}

/** The unverified `iss` claim of a compact JWT, or undefined. */
export function readJwtIssuer(jwt: string | null): string | undefined {
  if (!jwt || jwt.length > 4096) return undefined
  const parts = jwt.split('.')
  if (parts.length !== 3 || !parts[1]) return undefined
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'))
    const parsed = jwtPayload.safeParse(payload)
    return parsed.success ? parsed.data.iss : undefined
  } catch {
    return undefined
  }
}
