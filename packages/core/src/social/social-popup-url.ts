import { SOCIAL_POPUP_PATH } from '../api/social.js'

/**
 * The loading page the social login's popup opens on: on the secure frame's origin, served by
 * the Latch server (SOCIAL_POPUP_PATH). Read from the runtime chunk: the API module it comes
 * from carries the server's schemas, which the start-up JS does without.
 */
export function socialPopupUrl(serverUrl: string): string {
  return new URL(SOCIAL_POPUP_PATH, serverUrl).href
}
