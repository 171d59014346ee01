import * as z from 'zod/mini'
import { defineEvent } from './define.js'

/** A JSON-RPC method name: letters, digits and underscores (`eth_call`, `personal_sign`). */
export const rpcMethodSchema = /* @__PURE__ */ z.string().check(z.regex(/^[A-Za-z0-9_]{1,128}$/))

/** The wallet and chain requests the frame's account answers (SPEC §7 "Chain RPC"). */
export const rpcEvents = {
  /**
   * One JSON-RPC request, signed in the frame when it needs the key (after the visitor approves
   * it in the frame's own UI), else forwarded. Success is the JSON-RPC `result`, any JSON value.
   */
  RPC_REQUEST: /* @__PURE__ */ defineEvent(
    z.object({
      method: rpcMethodSchema,
      params: z.optional(z.union([z.array(z.json()), z.record(z.string(), z.json())])),
    }),
    z.json(),
  ),
}

/**
 * Sign in with the wallet (issue 30, beyond SPEC §7's list): the frame signs an EIP-4361 message
 * for the page that embeds it. Right after the visitor's login in the frame (email, social or
 * Farcaster), a message for that page's own origin is signed with no second prompt, once: the
 * login was the consent. Any other (later, another domain, not EIP-4361) waits for the visitor's
 * approval in the frame's UI, as `personal_sign` does. Success is the EIP-191 signature.
 */
export const signInEvents = {
  SIGN_IN: /* @__PURE__ */ defineEvent(
    z.object({ message: z.string().check(z.minLength(1), z.maxLength(4096)) }),
    z.object({ signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/)) }),
  ),
}
