import * as z from 'zod/mini'
import { defineEvent } from './define.js'
import { emailSchema, emptySchema, otpSchema } from './primitives.js'

/**
 * Changing the login email (SPEC §4): a code to the old address (primary), then one to the new
 * address (secondary), whose success stores the new email.
 */
export const emailUpdateEvents = {
  /** Asks to move the login to `email`; the frame says which code is awaited first. */
  UPDATE_EMAIL: /* @__PURE__ */ defineEvent(
    z.object({ email: emailSchema }),
    z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  ),
  /** The code sent to the current address. */
  UPDATE_EMAIL_PRIMARY_OTP: /* @__PURE__ */ defineEvent(z.object({ otp: otpSchema }), emptySchema),
  /** The code sent to the new address; success carries the email now in force. */
  UPDATE_EMAIL_SECONDARY_OTP: /* @__PURE__ */ defineEvent(
    z.object({ otp: otpSchema }),
    z.object({ newEmail: emailSchema }),
  ),
}
