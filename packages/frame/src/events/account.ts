import * as z from 'zod/mini'
import { defineEvent } from './define.js'
import {
  accountTypeSchema,
  addressSchema,
  chainIdSchema,
  emptySchema,
  textSchema,
} from './primitives.js'
import { userSchema } from './user.js'

/** The account the frame holds: who it is, on which chain, and which account type is preferred. */
export const accountEvents = {
  /** The logged-in user, optionally on a given chain and account type. */
  GET_USER: /* @__PURE__ */ defineEvent(
    z.object({
      chainId: z.optional(chainIdSchema),
      preferredAccountType: z.optional(accountTypeSchema),
      socialUri: z.optional(textSchema),
    }),
    userSchema,
  ),
  /** Moves the frame's account to another chain; success names the chain now in force. */
  SWITCH_NETWORK: /* @__PURE__ */ defineEvent(
    z.object({ chainId: chainIdSchema }),
    z.object({ chainId: chainIdSchema }),
  ),
  /** The chain the frame's account is on. */
  GET_CHAIN_ID: /* @__PURE__ */ defineEvent(emptySchema, z.object({ chainId: chainIdSchema })),
  /** The EVM chains where smart accounts are enabled (SPEC §4: empty on error). */
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: /* @__PURE__ */ defineEvent(
    emptySchema,
    z.object({ smartAccountEnabledNetworks: z.array(z.number().check(z.int(), z.positive())) }),
  ),
  /** Prepares the smart account of the logged-in user. */
  INIT_SMART_ACCOUNT: /* @__PURE__ */ defineEvent(
    emptySchema,
    z.object({ address: addressSchema, isDeployed: z.boolean() }),
  ),
  /** Chooses the account type (SPEC §4: on failure, core falls back to EOA). */
  SET_PREFERRED_ACCOUNT: /* @__PURE__ */ defineEvent(
    z.object({ type: accountTypeSchema }),
    z.object({ type: accountTypeSchema, address: addressSchema }),
  ),
}
