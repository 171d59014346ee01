import { FrameError } from '@latch/frame'
import { deferred, type Deferred } from './deferred.js'

/*
 * The secure frame's email side for tests over the composed system (issue 28): each
 * CONNECT_EMAIL waits until the test says what the frame did (sent a code, asked to approve the
 * device, or failed), the code '123456' logs in, and the email update's steps answer at once.
 */

/** What the frame answers a CONNECT_EMAIL with. */
export type EmailAnswer = 'sendsCode' | 'asksForDevice' | 'fails'

export interface EmailWorld {
  waits: Array<{
    answer: Deferred<{ action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }>
    signal: AbortSignal | undefined
    settled: boolean
  }>
}

/** The code the frame accepts. */
export const EMAIL_CODE = '123456'

/** The frame's email handlers, for `socialWorld(…)`: a code accepted is the frame's session. */
export function emailFrame(email: EmailWorld) {
  return (world: { session: boolean }) => ({
    CONNECT_EMAIL: (_: unknown, signal: AbortSignal | undefined) => {
      const answer = deferred<{ action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }>()
      email.waits.push({ answer, signal, settled: false })
      return answer.promise
    },
    // The device is approved at once; the frame then asks for the code.
    CONNECT_DEVICE: () => undefined,
    CONNECT_OTP: (payload: unknown) => {
      if (Object(payload).otp !== EMAIL_CODE)
        throw new FrameError('remote', { remoteMessage: 'Invalid code: 4 attempts left' })
      world.session = true
    },
    UPDATE_EMAIL: () => ({ action: 'VERIFY_PRIMARY_OTP' }),
    UPDATE_EMAIL_PRIMARY_OTP: () => undefined,
    UPDATE_EMAIL_SECONDARY_OTP: () => ({ newEmail: 'ada@new.example' }),
  })
}

/** The frame answers the oldest CONNECT_EMAIL still waiting. */
export function answerEmail(email: EmailWorld, answer: EmailAnswer) {
  const wait = email.waits.find((entry) => !entry.settled && !entry.signal?.aborted)
  if (!wait) return
  wait.settled = true
  if (answer === 'fails')
    wait.answer.reject(new FrameError('remote', { remoteMessage: 'Mail is down' }))
  else wait.answer.resolve({ action: answer === 'sendsCode' ? 'VERIFY_OTP' : 'VERIFY_DEVICE' })
}
