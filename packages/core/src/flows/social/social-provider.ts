import * as z from 'zod/mini'
import type { SocialLoginOption } from '../../options/schema.js'
import { socialProviders, type SocialProvider } from '../../router/routes.js'

/** SPEC §5: a social provider is one of google, github, apple, facebook, x or discord. */
export const socialProviderSchema = /* @__PURE__ */ z.enum(socialProviders)

const isSocialProvider = (option: SocialLoginOption): option is SocialProvider =>
  socialProviderSchema.safeParse(option).success

/**
 * The popup logins `features.socials` offers, in its order: Farcaster is its own flow (a QR
 * code, not a popup), so it is not among them.
 */
export function socialProvidersOf(socials: false | readonly SocialLoginOption[]): SocialProvider[] {
  return socials === false ? [] : socials.filter(isSocialProvider)
}
