import { messageFor } from '../errors/catalogue.js'

/**
 * Every optional feature a host option can ask for. Each is asked for by `features.<name>`,
 * except sign-in, asked for by `siwx` or `siweConfig`, the inline modal, asked for by
 * `embedded: true`, and Farcaster, asked for by `'farcaster'` in `features.socials` (its own
 * flow: a QR code, not a popup).
 */
export const optionalFeatures = [
  'email',
  'socials',
  'farcaster',
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
 * An option must not promise what the modal cannot do, so only these are listed:
 * - `activity`: the Account view's Activity tab lists the account's history from the Latch
 *   server (issue 11), and the transactions still followed (issue 15);
 * - `send` and `receive` (issue 15): core runs the send flow (the `Send` route, `latch.sendForm`,
 *   `latch.send`) and follows each transaction; the Send and Receive views of @latch/react are
 *   built alongside, and land in the same commit as this line;
 * - `email` (issue 17): the email field on Connect logs in through the secure frame served by
 *   the `serverUrl` (core's auth/, the AUTH connector), with the code, device, update-email and
 *   ApproveTransaction views. Without a `serverUrl` and project id the field is not shown.
 * - `socials` (issue 12): the social buttons on Connect log in through a popup and the same
 *   secure frame (core's social/, the `ConnectingSocial` route, `latch.connectSocial`): google,
 *   x, discord, github, apple and facebook. Like email, not shown without a `serverUrl` and
 *   project id.
 * - `farcaster` (issue 12): `'farcaster'` in `features.socials` (4th, SPEC §9's order) shows
 *   "Continue with Farcaster" on Connect: the ConnectingFarcaster route's flow (core's
 *   farcaster/, `latch.connectFarcaster`) shows a QR code the Farcaster app approves, through
 *   the same secure frame. Not shown without a `serverUrl` and project id either.
 *
 * - `signIn` (issue 30): `siwx` (the Latch server's backend, or the host's own parts) and the
 *   legacy `siweConfig`: after a connect, SIWXSignMessage (core's sign-in/, `latch.signIn`,
 *   `latch.getSession`, `latch.signOut`), a required mode, and sessions that survive a reload.
 *
 * Not listed, because not built: swaps, onramp, telemetry (analytics),
 * the branding footer, and inline (embedded) rendering of the modal (@latch/react
 * always draws it as an overlay dialog). Until a feature is listed, its switch defaults off,
 * asking for it throws FEATURE_NOT_AVAILABLE naming the option, and a remote flag cannot turn it
 * on.
 */
export const availableFeatures: FeatureSet = [
  'activity',
  'send',
  'receive',
  'email',
  'socials',
  'farcaster',
  'signIn',
]

/** The issue text for an option that asks for a feature this build lacks; `option` is its path. */
export function featureNotAvailableMessage(option: string): string {
  return messageFor('FEATURE_NOT_AVAILABLE', { feature: option })
}
