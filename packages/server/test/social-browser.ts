// A browser as the social login's popup uses one (issue 29): its page on the server's origin
// binds the flow (the binding its opener posted, sent with the opener's origin), keeps the
// cookie the server sets, and brings it back to the callback. Driven with fetch, as a browser
// would send it: the server's own origin, a same-origin fetch of JSON.
import { SOCIAL_API_PATHS, socialBindResponseSchema, type SocialBindRequest } from '@latch/core/api'
import { FRAME_ORIGIN } from './auth-client.js'
import type { AuthWorld } from './auth-harness.js'
import { TEST_ORIGIN } from './harness.js'

/** A browser's cookies for the server: what its callback requests carry. */
export interface PopupBrowser {
  /** The `Cookie` header for a request to `path` (the cookies whose path it is under). */
  cookieFor(path: string): string | undefined
  /** Keeps what a response's `Set-Cookie` headers set (or cleared). */
  take(response: Response): void
}

interface Cookie {
  value: string
  path: string
}

/** A browser with no cookie yet. */
export function popupBrowser(): PopupBrowser {
  const jar = new Map<string, Cookie>()
  return {
    cookieFor(path) {
      const sent = [...jar].filter(([, cookie]) => path.startsWith(cookie.path))
      return sent.length > 0
        ? sent.map(([name, { value }]) => `${name}=${value}`).join('; ')
        : undefined
    },
    take(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
        const [name = '', value = ''] = pair.split('=')
        const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/'
        const gone = attributes.some((a) => /^max-age=0$/i.test(a))
        if (gone) jar.delete(name)
        else jar.set(name, { value, path })
      }
    },
  }
}

/** What the popup's page sends: from its own origin, or (an attack) not. */
export interface BindOptions {
  /** The opener's origin as the page reports it: a host page of the project by default. */
  opener?: string
  /** The request's `Origin`: the server's by default. */
  origin?: string
  /** `Sec-Fetch-Site`: same-origin by default. */
  site?: string
  projectId?: string
}

/** The page's bind call, raw: its response, whose cookies `browser` keeps. */
export async function bindRequest(
  world: Pick<AuthWorld, 'server' | 'ip' | 'projectId'>,
  browser: PopupBrowser,
  started: { uri: string; binding: string },
  options: BindOptions = {},
): Promise<Response> {
  const body: SocialBindRequest = {
    binding: started.binding,
    uri: started.uri,
    opener: options.opener ?? TEST_ORIGIN,
  }
  const url = new URL(`${FRAME_ORIGIN}${SOCIAL_API_PATHS.bind}`)
  url.searchParams.set('projectId', options.projectId ?? world.projectId)
  const response = await world.server.fetch(
    new Request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': world.ip,
        origin: options.origin ?? FRAME_ORIGIN,
        'sec-fetch-site': options.site ?? 'same-origin',
      },
      body: JSON.stringify(body),
    }),
  )
  browser.take(response)
  return response
}

/** The popup's page binds the flow in a new browser: the browser, and where it goes next. */
export async function bindInBrowser(
  world: Pick<AuthWorld, 'server' | 'ip' | 'projectId'>,
  started: { uri: string; binding: string },
): Promise<{ browser: PopupBrowser; next: string }> {
  const browser = popupBrowser()
  const response = await bindRequest(world, browser, started)
  if (response.status !== 200) throw new Error(`bind: ${response.status} ${await response.text()}`)
  return { browser, next: socialBindResponseSchema.parse(await response.json()).uri }
}
