import * as z from 'zod/mini'
import { accountTypeSchema, addressSchema, chainIdSchema, emailSchema } from './primitives.js'

/**
 * The logged-in user as the frame describes it (GET_USER, and the social and farcaster logins,
 * which end logged in). Never a key, never a secret: an address and what the visitor typed.
 */
export const userSchema = /* @__PURE__ */ z.object({
  email: z.optional(emailSchema),
  address: addressSchema,
  chainId: chainIdSchema,
  accounts: z.optional(z.array(z.object({ address: addressSchema, type: accountTypeSchema }))),
  userName: z.optional(z.string()),
  preferredAccountType: z.optional(accountTypeSchema),
  smartAccountDeployed: z.optional(z.boolean()),
})

/** The logged-in user (see {@link userSchema}). */
export type FrameUser = z.infer<typeof userSchema>
