import * as z from 'zod/mini'

// What the server's login flows that the frame polls (social, Farcaster) answer alike: their
// result while the visitor is elsewhere, and the codes a flow is refused with.

/**
 * `POST …/result`'s answer, for a flow whose result codes are `codes`:
 * - pending: no result yet (poll again);
 * - error: the flow ended without a login, `message` is for people;
 * - ready: the frame may ask for the session (CONNECT_…).
 */
export function loginFlowResultSchema<const Code extends string>(
  codes: readonly [Code, ...Code[]],
) {
  return z.discriminatedUnion('status', [
    z.object({ status: z.literal('pending') }),
    z.object({ status: z.literal('error'), code: z.enum(codes), message: z.string() }),
    z.object({ status: z.literal('ready') }),
  ])
}

/** Why a login flow's call was refused (the error body's `code`), whichever flow it is. */
export const LOGIN_FLOW_ERROR_CODES = [
  /** No such flow for this device (unknown id, or another device's). */
  'FLOW_NOT_FOUND',
  /** Connect before the flow is ready, or after it failed. */
  'FLOW_NOT_READY',
  /** The flow's session was already given. */
  'FLOW_USED',
  /** The flow's time ran out. */
  'FLOW_EXPIRED',
] as const
