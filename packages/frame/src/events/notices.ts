import * as z from 'zod/mini'
import { emptySchema, requestIdSchema } from './primitives.js'
import { rpcMethodSchema } from './rpc.js'

/**
 * What the frame says without being asked, over the private port: the payload schema of each
 * notice. The host reacts; it never answers.
 */
export const frameNotices = {
  /**
   * An unsafe RPC_REQUEST (a signature, a transaction) waits for the visitor's approval in the
   * frame's own UI: the host shows the frame (the ApproveTransaction view, SPEC §2). `id` is the
   * RPC_REQUEST's request id.
   */
  FRAME_APPROVAL_REQUESTED: /* @__PURE__ */ z.object({
    id: requestIdSchema,
    method: rpcMethodSchema,
  }),
  /** The visitor approved or declined request `id` in the frame: the host hides the frame again. */
  FRAME_APPROVAL_SETTLED: /* @__PURE__ */ z.object({
    id: requestIdSchema,
    approved: z.boolean(),
  }),
  /** The frame's session is no longer valid (SPEC §8 'Session Expired'): the host logs out. */
  FRAME_SESSION_EXPIRED: /* @__PURE__ */ z.optional(emptySchema),
}

/** The name of a frame notice. */
export type FrameNoticeType = keyof typeof frameNotices

/** The payload of notice `T`. */
export type FrameNoticePayload<T extends FrameNoticeType> = z.infer<(typeof frameNotices)[T]>

function noticeMessage<T extends FrameNoticeType>(type: T) {
  return z.object({ kind: z.literal('notice'), type: z.literal(type), payload: frameNotices[type] })
}

/** Frame → host, on the port: one notice, its payload checked by its type. */
export const noticeMessageSchema = /* @__PURE__ */ z.discriminatedUnion('type', [
  noticeMessage('FRAME_APPROVAL_REQUESTED'),
  noticeMessage('FRAME_APPROVAL_SETTLED'),
  noticeMessage('FRAME_SESSION_EXPIRED'),
])

/** One notice as the host's `onNotice` callback receives it. */
export type FrameNotice = z.infer<typeof noticeMessageSchema>

/** Whether `value` names a frame notice. */
export function isFrameNoticeType(value: unknown): value is FrameNoticeType {
  return typeof value === 'string' && Object.hasOwn(frameNotices, value)
}
