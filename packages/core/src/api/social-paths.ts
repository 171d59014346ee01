// A path the host's start-up JS needs (its popup opens there in the click), kept apart from the
// social login's schemas, which it does without.

/**
 * The loading page the host opens its popup on, synchronously on the visitor's click (so popup
 * blockers let it through), relative to the server's URL: a static "Connecting…" page on the
 * frame's origin, served next to the frame. The host then sends the popup to the URI that
 * GET_SOCIAL_REDIRECT_URI answers.
 */
export const SOCIAL_POPUP_PATH = '/secure-frame/social-popup'
