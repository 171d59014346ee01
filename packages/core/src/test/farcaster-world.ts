import { FrameError, type FrameUser } from '@latch/frame'
import { deferred, type Deferred } from './deferred.js'

/*
 * The secure frame's Farcaster side for tests over the composed system (issue 12): the frame
 * hands out a sign-in link at once, and each CONNECT_FARCASTER waits until the test says what
 * the Farcaster app did (approved, or let the channel expire), in any order.
 */

export interface FarcasterWorld {
  waits: Array<{ answer: Deferred<FrameUser>; signal: AbortSignal | undefined; settled: boolean }>
}

/** The user the frame answers once the Farcaster app approved. */
export const FARCASTER_USER: FrameUser = {
  address: `0x${'fc'.repeat(20)}`,
  chainId: 'eip155:31337',
  userName: 'alice',
}

/** The frame's Farcaster handlers, for `socialWorld(…)`: an approval is the frame's session. */
export function farcasterFrame(farcaster: FarcasterWorld) {
  return (world: { session: boolean }) => ({
    GET_FARCASTER_URI: () => ({ url: 'https://farcaster.test/~/siwf?channelToken=t' }),
    CONNECT_FARCASTER: (_: unknown, signal: AbortSignal | undefined) => {
      const answer = deferred<FrameUser>()
      farcaster.waits.push({ answer, signal, settled: false })
      return answer.promise.then((user) => {
        world.session = true
        return user
      })
    },
  })
}

/** The Farcaster app answers the oldest sign-in still waiting in the frame. */
export function answerFarcasterApp(farcaster: FarcasterWorld, outcome: 'approves' | 'expires') {
  const wait = farcaster.waits.find((entry) => !entry.settled && !entry.signal?.aborted)
  if (!wait) return
  wait.settled = true
  if (outcome === 'approves') wait.answer.resolve(FARCASTER_USER)
  else wait.answer.reject(new FrameError('remote', { remoteMessage: 'Session Expired' }))
}
