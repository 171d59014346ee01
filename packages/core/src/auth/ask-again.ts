import { isFrameError } from '@latch/frame'

/**
 * Makes a frame call until it is answered: a call cut short by SPEC §9's 30 s request timeout
 * is made again, because the frame's own wait (a provider's result, a Farcaster approval) is
 * longer and it keeps the flow for the next call. Any other failure, or the caller's signal
 * ending the wait, ends it.
 */
export async function askUntilAnswered<T>(call: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (;;) {
    try {
      return await call()
    } catch (error) {
      const timedOut = isFrameError(error) && error.kind === 'iframe_request_timeout'
      if (!timedOut || signal.aborted) throw error
    }
  }
}
