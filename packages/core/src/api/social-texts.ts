// A text the Latch server sends as a flow's result and the modal shows by its catalogue code
// (SOCIAL_OTHER_BROWSER, SOCIAL_LOGIN_USED), kept apart from the schemas so the catalogue imports it alone.

/**
 * Issue 29: the provider sent back a browser other than the one that started the social login
 * (its sign-in link was opened elsewhere). The flow ended there; no one was signed in.
 */
export const SOCIAL_OTHER_BROWSER_TEXT =
  'The sign-in was finished in another browser, so no one was signed in. Start again here.'

/**
 * A social login's session was taken already: the connect of a used flow, such as a mini app's
 * `result_uri` brought back a second time (issue 29: a result URI is good once).
 */
export const SOCIAL_LOGIN_USED_TEXT = 'This social login was already used: start again'

/**
 * SPEC §8's 'Invalid App Configuration', as the frame and the Latch server send it for a mini
 * app's return URL that is not one of the project's pages (issue 29); the catalogue's text too.
 */
export const INVALID_APP_CONFIGURATION_TEXT = 'Invalid App Configuration'
