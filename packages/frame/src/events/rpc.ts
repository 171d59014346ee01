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
