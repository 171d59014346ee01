import { FrameError, type AppEventType, type FrameUser } from '@latch/frame'
import { deferred, type Deferred } from './deferred.js'
import { fakeOpener, TEST_SOCIAL_BINDING } from '../testing/fake-popup.js'
import { scriptedFrame, type FrameHandler } from '../testing/scripted-frame.js'

/*
 * The secure frame's social side for tests over the composed system (issue 12): the frame
 * answers GET_SOCIAL_REDIRECT_URI at once, and each CONNECT_SOCIAL waits until the test says
 * what the provider did, so logins can be answered, refused or abandoned in any order.
 */

/** The secure frame's social side: each CONNECT_SOCIAL waits for the provider (the test). */
export interface SocialWorld {
  opener: ReturnType<typeof fakeOpener>
  waits: Array<{ answer: Deferred<FrameUser>; signal: AbortSignal | undefined; settled: boolean }>
  /** Whether the frame holds a session (IS_CONNECTED on reload). */
  session: boolean
  frame: ReturnType<typeof scriptedFrame>
}

/**
 * `more`: the frame's other logins (Farcaster's, test/farcaster-world.ts), given the world so a
 * login of theirs is the session IS_CONNECTED finds.
 */
export function socialWorld(
  more: (
    world: Omit<SocialWorld, 'frame'>,
  ) => Partial<Record<AppEventType, FrameHandler>> = () => ({}),
): SocialWorld {
  const world: Omit<SocialWorld, 'frame'> = { opener: fakeOpener(), waits: [], session: false }
  const frame = scriptedFrame({
    ...more(world),
    GET_SOCIAL_REDIRECT_URI: () => ({
      uri: 'https://provider.test/authorize?state=s',
      binding: TEST_SOCIAL_BINDING,
    }),
    CONNECT_SOCIAL: (_, signal) => {
      const answer = deferred<FrameUser>()
      world.waits.push({ answer, signal, settled: false })
      return answer.promise.then((user) => {
        world.session = true
        return user
      })
    },
    IS_CONNECTED: () => ({ isConnected: world.session }),
    SIGN_OUT: () => {
      world.session = false
    },
  })
  // The same object: `session` stays the one the handlers read.
  return Object.assign(world, { frame })
}

/** The provider answers the oldest login still waiting in the frame. */
export function answerProvider(social: SocialWorld, outcome: 'approves' | 'refuses') {
  const wait = social.waits.find((entry) => !entry.settled && !entry.signal?.aborted)
  if (!wait) return
  wait.settled = true
  if (outcome === 'approves')
    wait.answer.resolve({
      address: `0x${'a1'.repeat(20)}`,
      chainId: 'eip155:31337',
      userName: 'ada',
    })
  else wait.answer.reject(new FrameError('remote', { remoteMessage: 'Access denied' }))
}
