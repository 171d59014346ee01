import type { FrameUser } from '@latch/frame'
import type { AuthLink } from '../../auth/auth-link.js'

/** The Farcaster sign-in's two frame calls (SPEC §7 GET_FARCASTER_URI, CONNECT_FARCASTER). */
export interface FarcasterFrameCalls {
  /** A new channel's sign-in link; the frame waits for the last link it handed out. */
  uri(signal: AbortSignal): Promise<string>
  /**
   * Waits for the Farcaster app's approval, as long as the channel lives, until the frame holds
   * the session; then the AUTH connector's provider is lent (it can connect). A reply cut short
   * by SPEC §9's 30 s request timeout (should the frame client apply it to this event) is asked
   * again: the frame keeps the channel for it. The caller's signal ends the wait.
   */
  connect(signal: AbortSignal): Promise<FrameUser>
}

/** The calls through the instance's secure frame (`link` is the auth runtime's). */
export function farcasterFrameCalls(
  link: Pick<AuthLink, 'ask' | 'askForSession'>,
): FarcasterFrameCalls {
  return {
    async uri(signal) {
      return (await link.ask('GET_FARCASTER_URI', undefined, signal)).url
    },
    connect: (signal) => link.askForSession('CONNECT_FARCASTER', undefined, signal),
  }
}
