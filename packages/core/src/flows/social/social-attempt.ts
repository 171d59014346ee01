import type { SocialPopup } from './social-popup.js'
import type {
  SocialLoginContext,
  SocialLoginEvent,
  SocialLoginStart,
} from './social-login.types.js'
import { socialRequestSchema } from './social-request.js'

// How each attempt of a social login begins (social-login.machine.ts): the request a click
// brought, and the window the attempt uses, if any.

/** A START_FLOW request the run on show was told (REQUEST), when it is a social login's. */
export function requestOf(event: SocialLoginEvent): SocialLoginStart | undefined {
  if (event.type !== 'REQUEST') return undefined
  const parsed = socialRequestSchema.safeParse(event.request)
  return parsed.success ? parsed.data : undefined
}

/** Closes a popup the login no longer needs, unless it is `keep` (the same named window again). */
export function closeUnless(popup: SocialPopup | undefined, keep?: SocialPopup) {
  if (popup && popup !== keep && !popup.closed) popup.close()
}

/** The popup a request brought (`null`: blocked), or, when it brought none, one opened now. */
function popupOf(
  context: SocialLoginContext,
  given: SocialPopup | null | undefined,
): SocialPopup | undefined {
  const popup = given === undefined ? context.openPopup?.() : given
  return popup ?? undefined
}

/**
 * How a new attempt goes: coming back with a mini app's `result_uri`; leaving the page for the
 * provider (a mini app, issue 29: no popup opens there); or in a popup, the one given or one
 * opened now. The popup of the attempt before is closed, unless the window is the same.
 */
export function attemptOf(
  context: SocialLoginContext,
  given: SocialPopup | null | undefined,
  resultUri: string | undefined,
) {
  const redirect = resultUri === undefined && context.inMiniApp?.() === true
  const socialWindow = resultUri !== undefined || redirect ? undefined : popupOf(context, given)
  closeUnless(context.socialWindow, socialWindow)
  return {
    socialWindow,
    redirect,
    resultUri,
    uri: undefined,
    binding: undefined,
    failure: undefined,
  }
}
