// Sign in with Farcaster (issue 12): the flow the `ConnectingFarcaster` route runs through the
// secure frame (started by core's root chart), and the link rule its view follows.
export {
  farcasterLoginError,
  type FarcasterFailure,
  type FarcasterFailureKind,
} from './farcaster-failure.js'
export { farcasterFrameCalls, type FarcasterFrameCalls } from './farcaster-frame-calls.js'
export { FARCASTER_SCHEME, farcasterOpenLink } from './farcaster-link.js'
export {
  FARCASTER_RESULT_WAIT_MS,
  farcasterLoginMachine,
  type FarcasterLoginStep,
} from './farcaster-login.machine.js'
export {
  selectFarcasterLogin,
  type FarcasterLoginActor,
  type FarcasterLoginSnapshot,
  type FarcasterLoginView,
} from './farcaster-login.selectors.js'
export type {
  FarcasterLoginContext,
  FarcasterLoginEmitted,
  FarcasterLoginEvent,
  FarcasterLoginInput,
  FarcasterLoginStorage,
  FarcasterLoginUser,
} from './farcaster-login.types.js'
