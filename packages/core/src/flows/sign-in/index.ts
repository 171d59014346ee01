// Sign in with the wallet (issue 30): what views and hosts read of the flow the SIWXSignMessage
// route runs (started by core's root chart), and its backend's parts.
export {
  selectSignIn,
  selectSignInState,
  type SignInRunSnapshot,
  type SignInServiceSnapshot,
  type SignInState,
  type SignInStatus,
  type SignInStep,
  type SignInView,
} from './sign-in.selectors.js'
export type { SignInAccount } from './sign-in-rules.js'
export type { SignInRunActor, SignInRunEvent, SignInRunInput } from './sign-in.machine.js'
export type { SignInServiceActor, SignInServiceEvent } from './sign-in.service.js'
