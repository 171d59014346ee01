import { messageFor } from '../errors/catalogue.js'

/**
 * Every optional feature a host option can ask for. Each is asked for by `features.<name>`,
 * except sign-in, asked for by `siwx` or `siweConfig`, and the inline modal, asked for by
 * `embedded: true`.
 */
export const optionalFeatures = [
  'email',
  'socials',
  'swaps',
  'onramp',
  'activity',
  'send',
  'receive',
  'analytics',
  'branding',
  'signIn',
  'embedded',
] as const
export type OptionalFeature = (typeof optionalFeatures)[number]

/** A list of optional features: what a build has. */
export type FeatureSet = readonly OptionalFeature[]

/**
 * The optional features this build has. Turn each one on in the issue that builds the feature,
 * by adding its name here: that one line lets the host set its option, gives it its usual
 * default (on, except analytics) and lets a remote project configuration enable it.
 *
 * Empty for now, because an option must not promise what the modal cannot do: there is no
 * email or social login, swap, onramp, send or receive view (packages/react/src/views), no
 * transaction history behind Activity (the Account tab shows an empty state whatever the
 * flag), no telemetry, no branding footer, no sign-in flow, and no inline (embedded) rendering of
 * the modal: @latch/react always draws it as an overlay dialog. Until a feature is listed, its
 * switch defaults off, asking for it throws FEATURE_NOT_AVAILABLE naming the option, and a
 * remote flag cannot turn it on.
 */
export const availableFeatures: FeatureSet = []

/** The issue text for an option that asks for a feature this build lacks; `option` is its path. */
export function featureNotAvailableMessage(option: string): string {
  return messageFor('FEATURE_NOT_AVAILABLE', { feature: option })
}
