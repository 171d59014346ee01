import type { StoryKit } from '../../stories/story-latch.js'
import { authScene } from '../../stories/email-scene.js'
import { fakeOpener, scriptedFrame, TEST_SOCIAL_BINDING } from '@latch/core/testing'

/**
 * A story with social login on (see `authScene`): popups in memory, and a scripted secure frame
 * whose CONNECT_SOCIAL waits (the visitor at the provider). `reach` drives it to the state.
 */
export function socialScene(
  reach: (kit: StoryKit, popups: ReturnType<typeof fakeOpener>) => Promise<void> | void,
) {
  const popups = fakeOpener()
  const frame = scriptedFrame({
    GET_SOCIAL_REDIRECT_URI: () => ({
      uri: 'https://github.example/login/oauth/authorize',
      binding: TEST_SOCIAL_BINDING,
    }),
    CONNECT_SOCIAL: () => new Promise(() => undefined),
  })
  return authScene({ authFrame: frame.authFrame, socialPopup: popups.open }, (kit) =>
    reach(kit, popups),
  )
}
