import type { AppEventType } from '@latch/frame'

/**
 * The frame calls core makes again when SPEC §9's 30 s request timeout cuts them short (see
 * `askUntilAnswered`): the frame's own wait (a provider's result, a Farcaster approval) is longer.
 * Their timeouts are expected, so they are not SPEC §8's 'Embedded Wallet Request Timed Out'.
 * Its own file, with no code: the start-up JS reads it without the frame client.
 */
export const ASKED_AGAIN_EVENTS: readonly AppEventType[] = ['CONNECT_SOCIAL', 'CONNECT_FARCASTER']
