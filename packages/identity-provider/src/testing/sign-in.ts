// A person at the provider's sign-in page, played with plain fetch: every redirect followed by
// hand, the page's form read and posted, the provider's cookies kept for the one flow. No browser
// needed, so a server's tests can run a whole social login in Node.

/** What the person does on the sign-in page. */
export interface Person {
  /** The username typed ('alice' by default); several: one per showing of the page, in turn. */
  username?: string | readonly string[]
  /** 'approve' by default. */
  decision?: 'approve' | 'deny'
}

/** What reached the redirect URI, and how. */
export interface ProviderReturn {
  /** GET: a redirect with a query; POST: Apple's form_post, the page's form posting itself. */
  readonly method: 'GET' | 'POST'
  /** The redirect URI, as reached (its query holds the parameters too when GET). */
  readonly url: URL
  /** `code`, `state`, `iss` (and Apple's `user`), or `error`, `error_description`, `state`. */
  readonly params: URLSearchParams
  /** The sign-in page's HTML, each time it was served (again, after a refused username). */
  readonly pages: readonly string[]
}

/** The most requests one sign-in takes: authorize, page, post, resume, consent, resume, … */
const MAX_HOPS = 12

/** The provider's cookies for one flow (their names are unique per provider). */
class CookieJar {
  private readonly cookies = new Map<string, string>()
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const value = pair.slice(at + 1)
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line))
        this.cookies.delete(pair.slice(0, at))
      else this.cookies.set(pair.slice(0, at), value)
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
}

/** Undoes the HTML escaping of the pages' attributes. */
export const decodeEntities = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, entity: string) => ENTITIES[entity] ?? '')

/** The hidden inputs of oidc-provider's form_post page. */
function hiddenFields(html: string): URLSearchParams {
  const fields = new URLSearchParams()
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
    fields.append(match[1] ?? '', decodeEntities(match[2] ?? ''))
  }
  return fields
}

/**
 * Runs an authorization URL to the redirect URI it names: the sign-in page, the person's
 * answer, and every redirect in between. The redirect URI itself is never requested.
 * @throws Error with the page's text when the provider stops on a page of its own (a wrong
 *   client or redirect URI) or the flow takes more than twelve requests.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  person: Person = {},
): Promise<ProviderReturn> {
  const redirectUri = new URL(authorizationUrl).searchParams.get('redirect_uri') ?? ''
  const usernames = [person.username ?? 'alice'].flat()
  const pages: string[] = []
  const jar = new CookieJar()
  let next: { url: string; init?: RequestInit } = { url: authorizationUrl }
  for (let hop = 0; hop < MAX_HOPS; hop += 1) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: { ...next.init?.headers, cookie: jar.header() },
    })
    jar.take(response)
    const location = response.headers.get('location')
    if (location !== null) {
      const target = new URL(location, next.url)
      if (redirectUri !== '' && target.href.startsWith(redirectUri)) {
        return { method: 'GET', url: target, params: target.searchParams, pages }
      }
      next = { url: target.href }
      continue
    }
    const html = await response.text()
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
    const target = action === undefined ? undefined : new URL(decodeEntities(action), next.url)
    if (target && redirectUri !== '' && target.href.startsWith(redirectUri)) {
      return { method: 'POST', url: target, params: hiddenFields(html), pages }
    }
    // The page, or the page again (400) after a refused username; anything else ends here.
    if (!target || (response.status !== 200 && response.status !== 400)) {
      throw new Error(`the provider stopped with ${response.status}: ${html}`)
    }
    pages.push(html)
    next = {
      url: target.href,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          username: usernames[Math.min(pages.length, usernames.length) - 1] ?? '',
          decision: person.decision ?? 'approve',
        }).toString(),
      },
    }
  }
  throw new Error(`the flow did not reach ${redirectUri} in ${MAX_HOPS} requests`)
}
