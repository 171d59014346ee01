import { frameRefusal, scriptedFrame } from '@latch/core/testing'
import type { StoryKit } from '../../stories/story-latch.js'
import { authScene } from '../../stories/email-scene.js'

/** The link the stories' QR code shows (the Farcaster app's own sign-in URL). */
export const STORY_SIGN_IN_URL = 'https://farcaster.xyz/~/siwf?channelToken=story'

/**
 * A story with Sign in with Farcaster on (see `authScene`): a scripted secure frame that hands
 * out {@link STORY_SIGN_IN_URL} and whose CONNECT_FARCASTER waits, or (`expired`) says the
 * channel expired. `reach` drives it to the state.
 */
export function farcasterScene(
  reach: (kit: StoryKit) => Promise<void> | void,
  { expired = false } = {},
) {
  const frame = scriptedFrame({
    GET_FARCASTER_URI: () => ({ url: STORY_SIGN_IN_URL }),
    CONNECT_FARCASTER: () =>
      expired ? Promise.reject(frameRefusal('Session Expired')) : new Promise(() => undefined),
  })
  return authScene({ authFrame: frame.authFrame }, reach)
}
