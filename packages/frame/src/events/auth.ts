import * as z from 'zod/mini'
import { defineEvent } from './define.js'
import {
  accountTypeSchema,
  chainIdSchema,
  emailSchema,
  emptySchema,
  otpSchema,
  socialProviderSchema,
  textSchema,
} from './primitives.js'
import { userSchema } from './user.js'

/**
 * Logging in and out (SPEC §4 "Secure iframe", §7): email and its code, a new device, social
 * and farcaster logins, the session checks.
 */
export const authEvents = {
  /** Starts an email login. The frame answers what comes next (SPEC §4). */
  CONNECT_EMAIL: /* @__PURE__ */ defineEvent(
    z.object({ email: emailSchema }),
    z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  ),
  /** Waits until the visitor approves this device from the link in the email. */
  CONNECT_DEVICE: /* @__PURE__ */ defineEvent(emptySchema, emptySchema),
  /** Sends the six-digit code from the email. */
  CONNECT_OTP: /* @__PURE__ */ defineEvent(z.object({ otp: otpSchema }), emptySchema),
  /**
   * Finishes a social login: `uri` is the provider URL GET_SOCIAL_REDIRECT_URI gave (a popup's
   * login), or the `result_uri` a mini app's page came back with.
   */
  CONNECT_SOCIAL: /* @__PURE__ */ defineEvent(
    z.object({
      uri: textSchema,
      preferredAccountType: z.optional(accountTypeSchema),
      chainId: z.optional(chainIdSchema),
    }),
    userSchema,
  ),
  /**
   * The provider URL that starts a social login, and the flow's browser binding (issue 29),
   * which the host posts to the popup's first page so the flow finishes only in its browser.
   * `returnUrl`: a mini app's login (SPEC §2), which leaves the host page for the provider and
   * comes back to this URL (the host page's own origin) with `result_uri`, for CONNECT_SOCIAL.
   */
  GET_SOCIAL_REDIRECT_URI: /* @__PURE__ */ defineEvent(
    z.object({ provider: socialProviderSchema, returnUrl: z.optional(textSchema) }),
    z.object({ uri: textSchema, binding: textSchema }),
  ),
  /** The farcaster sign-in URL to show as a QR code. */
  GET_FARCASTER_URI: /* @__PURE__ */ defineEvent(emptySchema, z.object({ url: textSchema })),
  /** Waits until the farcaster sign-in shown by GET_FARCASTER_URI completes. */
  CONNECT_FARCASTER: /* @__PURE__ */ defineEvent(emptySchema, userSchema),
  /** Ends the session in the frame (its tokens are revoked). */
  SIGN_OUT: /* @__PURE__ */ defineEvent(emptySchema, emptySchema),
  /** Whether the frame holds a live session; a `token` lets the frame check one it was handed. */
  IS_CONNECTED: /* @__PURE__ */ defineEvent(
    z.object({ token: z.optional(textSchema) }),
    z.object({ isConnected: z.boolean() }),
  ),
}
