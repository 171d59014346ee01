import type { CallbackOutcome } from './social-login.js'

// The page the popup shows once the provider sent it back. It is static and says only whether
// to go back to the app: no script (nothing talks to `window.opener` or the host: the frame
// learns the result from the server), nothing loaded, never framed, no referrer (the URL held
// the code and state), never cached.

/** The headers of the callback page. */
export const SOCIAL_PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const

const TEXTS: Record<CallbackOutcome, { title: string; body: string }> = {
  'signed-in': {
    title: 'You are signed in',
    body: 'You can close this window and go back to the app.',
  },
  failed: {
    title: 'The sign-in did not finish',
    body: 'You can close this window. The app says what happened and lets you try again.',
  },
  'other-browser': {
    title: 'This sign-in was started in another browser',
    body: 'No one was signed in. A sign-in finishes only in the browser that started it: if you did not start it here, someone may have sent you this link. You can close this window.',
  },
  refused: {
    title: 'This sign-in is no longer valid',
    body: 'It was used already, took too long, or did not come from this app. You can close this window and start again from the app.',
  },
}

/** The page for how the callback ended (its texts are fixed: nothing from the request). */
export function socialCallbackPage(outcome: CallbackOutcome): string {
  const { title, body } = TEXTS[outcome]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
</head><body><main><h1>${title}</h1><p>${body}</p></main></body></html>`
}

/** The callback page's HTTP status: a refused or failed sign-in is not a success. */
export const SOCIAL_PAGE_STATUS: Record<CallbackOutcome, 200 | 400> = {
  'signed-in': 200,
  failed: 400,
  'other-browser': 400,
  refused: 400,
}
