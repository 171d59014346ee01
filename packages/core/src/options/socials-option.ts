import * as z from 'zod/mini'
import { featureNotAvailableMessage, type FeatureSet } from './available-features.js'
import { uniqueList } from './unique-list.js'

/** SPEC §9 social login options, in the SPEC's order; also the default `features.socials`. */
export const socialLoginOptions = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
] as const
export type SocialLoginOption = (typeof socialLoginOptions)[number]

/** The SPEC §9 social logins a build with `available` has: Farcaster only once it is built. */
export function socialLoginsFor(available: FeatureSet): SocialLoginOption[] {
  return socialLoginOptions.filter(
    (option) => option !== 'farcaster' || available.includes('farcaster'),
  )
}

/**
 * `features.socials`: `false`, or the social logins offered, in their order; an empty list
 * offers none. By default every login the build has, in SPEC §9's order. Asking for one the
 * build lacks (Farcaster, until built) is refused by name: `features.socials.farcaster`.
 */
export function socialsSwitch(available: FeatureSet) {
  const has = available.includes('socials')
  const built = socialLoginsFor(available)
  const value = z.union([z.literal(false), uniqueList(z.enum(socialLoginOptions))])
  const checked = has
    ? value.check(
        z.superRefine((socials, ctx) => {
          if (socials === false) return
          for (const option of socials) {
            if (built.includes(option)) continue
            const path = `features.socials.${option}`
            ctx.addIssue({
              code: 'custom',
              message: featureNotAvailableMessage(path),
              path: [option],
            })
          }
        }),
      )
    : value.check(
        z.refine(
          (socials) => socials === false || socials.length === 0,
          featureNotAvailableMessage('features.socials'),
        ),
      )
  return z._default(checked, (): false | SocialLoginOption[] => (has ? [...built] : false))
}
