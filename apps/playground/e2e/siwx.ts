import type { Page } from 'playwright-core'
import { PLAYGROUND_PROJECT_ID } from '../src/config.js'

/**
 * What the Latch server says of a bearer token (`GET /v1/siwx/me`), asked from the page as the
 * host's backend would: the status, and the body.
 */
export function serverSays(page: Page, serverUrl: string, token: string) {
  return page.evaluate(
    async ({ serverUrl, token, projectId }) => {
      const url = new URL('/v1/siwx/me', serverUrl)
      url.searchParams.set('projectId', projectId)
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
      return { status: response.status, body: (await response.json()) as unknown }
    },
    { serverUrl, token, projectId: PLAYGROUND_PROJECT_ID },
  )
}
