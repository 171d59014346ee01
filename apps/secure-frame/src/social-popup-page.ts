import {
  SOCIAL_API_PATHS,
  socialBindMessageSchema,
  socialBindResponseSchema,
} from '@latch/core/api'

// The social login popup's first page (issue 29). The app that opened the popup posts it the
// flow's binding; the page hands it to the Latch server, which binds the flow to this browser
// (a cookie only this browser brings back to the callback) and answers the provider's URL. A
// sign-in link opened anywhere else has no opener to post a binding, so its flow cannot finish
// there. The page reads nothing else of its opener, and posts it only that it is listening.

/** What the page shows: waiting, refused by the server, or opened without the app. */
export type PopupPageState = 'connecting' | 'refused' | 'no-opener'

/** A message the page heard: who sent it (a window), from which origin, and what. */
export interface PopupPageMessage {
  source: unknown
  origin: string
  data: unknown
}

/** The browser as the page uses it (the window, in social-popup.ts; fakes in tests). */
export interface PopupPageEnv {
  /** `window.opener`: the app's window, or null when the page was opened any other way. */
  opener: { postMessage(message: unknown, targetOrigin: string): void } | null
  /**
   * The app's origin as the browser told it (`document.referrer`'s), if it did: the only origin
   * the page posts to. Without it the page posts nothing and takes the binding core posts on
   * its own once the frame answers.
   */
  openerOrigin: string | undefined
  /** This page's origin: the Latch server's. */
  origin: string
  listen(handler: (message: PopupPageMessage) => void): () => void
  fetch: typeof fetch
  show(state: PopupPageState): void
  /** Leaves for the provider, without this page in the history. */
  go(uri: string): void
}

/**
 * Runs the page: tells its opener it listens, takes the first valid binding message the opener
 * itself sent (any other window's, and any later one, are ignored), binds, and goes on.
 */
export function runPopupPage(env: PopupPageEnv): void {
  const { opener } = env
  if (!opener) {
    env.show('no-opener')
    return
  }
  const stop = env.listen((message) => {
    if (message.source !== opener) return
    const parsed = socialBindMessageSchema.safeParse(message.data)
    if (!parsed.success) return
    stop()
    void bind(env, parsed.data, message.origin)
  })
  // Nothing secret, and still to the app's exact origin only: it answers with the binding.
  if (env.openerOrigin !== undefined) {
    opener.postMessage({ type: 'latch:social-ready' }, env.openerOrigin)
  }
}

async function bind(
  env: PopupPageEnv,
  message: { binding: string; uri: string; projectId: string },
  opener: string,
): Promise<void> {
  const url = new URL(SOCIAL_API_PATHS.bind, env.origin)
  url.searchParams.set('projectId', message.projectId)
  try {
    const response = await env.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ binding: message.binding, uri: message.uri, opener }),
      credentials: 'same-origin',
    })
    const answer = response.ok ? socialBindResponseSchema.safeParse(await response.json()) : null
    if (answer?.success) env.go(answer.data.uri)
    else env.show('refused')
  } catch {
    env.show('refused')
  }
}
