import * as z from 'zod/mini'
import { FRAME_PROTOCOL } from '../constants.js'
import { isAppEventType, type AppEventType } from '../events/event-map.js'
import { noticeMessageSchema } from '../events/notices.js'
import { requestIdSchema } from '../events/primitives.js'

// The envelopes. Two kinds of traffic:
// - the handshake, over `window.postMessage` with exact target origins: READY (or
//   ORIGIN_NOT_ALLOWED) from the frame, then CONNECT_PORT from the host with a MessagePort;
// - everything else, over that port, which only the two ends hold: requests and cancels from
//   the host, replies and notices from the frame.
// The envelope is checked first; the payload is then checked against its event's own schema.

const protocol = /* @__PURE__ */ z.literal(FRAME_PROTOCOL)

/** Frame → host, on the window: the frame is up and expects the port, tagged with `nonce`. */
export const readyMessageSchema = /* @__PURE__ */ z.object({
  protocol,
  type: z.literal('READY'),
  nonce: requestIdSchema,
})

/** Frame → host, on the window: the host page's origin is not allowed to embed the frame. */
export const originRefusedMessageSchema = /* @__PURE__ */ z.object({
  protocol,
  type: z.literal('ORIGIN_NOT_ALLOWED'),
})

/** Any handshake message the frame sends on the window. */
export const frameWindowMessageSchema = /* @__PURE__ */ z.discriminatedUnion('type', [
  readyMessageSchema,
  originRefusedMessageSchema,
])

/** Host → frame, on the window, with the port transferred: echoes READY's `nonce`. */
export const connectPortMessageSchema = /* @__PURE__ */ z.object({
  protocol,
  type: z.literal('CONNECT_PORT'),
  nonce: requestIdSchema,
})

/** Host → frame, on the port: one app event. */
export const requestMessageSchema = /* @__PURE__ */ z.object({
  kind: z.literal('request'),
  id: requestIdSchema,
  type: z.string(),
  payload: z.optional(z.unknown()),
})

/** Host → frame, on the port: the host gave up on request `id` (aborted or timed out). */
export const cancelMessageSchema = /* @__PURE__ */ z.object({
  kind: z.literal('cancel'),
  id: requestIdSchema,
})

/** Anything the host sends on the port. */
export const hostPortMessageSchema = /* @__PURE__ */ z.discriminatedUnion('kind', [
  requestMessageSchema,
  cancelMessageSchema,
])

/** Frame → host, on the port: `<EVENT>_SUCCESS` or `<EVENT>_ERROR` for request `id`. */
export const replyMessageSchema = /* @__PURE__ */ z.object({
  kind: z.literal('reply'),
  id: requestIdSchema,
  type: z.string(),
  payload: z.optional(z.unknown()),
})

/** Anything the frame sends on the port: a reply, or a notice (checked by its own type). */
export const framePortMessageSchema = /* @__PURE__ */ z.union([
  replyMessageSchema,
  noticeMessageSchema,
])

export type ReadyMessage = z.infer<typeof readyMessageSchema>
export type ConnectPortMessage = z.infer<typeof connectPortMessageSchema>
export type RequestMessage = z.infer<typeof requestMessageSchema>
export type CancelMessage = z.infer<typeof cancelMessageSchema>
export type ReplyMessage = z.infer<typeof replyMessageSchema>

/** A reply's type split into its event and outcome (`CONNECT_EMAIL_SUCCESS` → CONNECT_EMAIL, success). */
export interface ParsedReplyType {
  readonly event: AppEventType
  readonly outcome: 'success' | 'error'
}

/** Splits a reply type, or `undefined` when it names no app event's reply. */
export function parseReplyType(type: string): ParsedReplyType | undefined {
  const match = /^(.+)_(SUCCESS|ERROR)$/.exec(type)
  const event = match?.[1]
  if (!isAppEventType(event)) return undefined
  return { event, outcome: match?.[2] === 'SUCCESS' ? 'success' : 'error' }
}
