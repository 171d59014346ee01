import { SOCIAL_POPUP_PATH } from '../../api/social-paths.js'

/**
 * The loading page the social login's popup opens on: on the secure frame's origin, served by
 * the Latch server (SOCIAL_POPUP_PATH). Small enough for the start-up JS: the click opens it.
 */
export function socialPopupUrl(serverUrl: string): string {
  return new URL(SOCIAL_POPUP_PATH, serverUrl).href
}
