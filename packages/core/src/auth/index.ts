// The embedded wallet's host side (SPEC §4 "Secure iframe"): the email-login and email-update
// machines, the secure frame (loaded on demand) and the AUTH connector's provider.
export { authFailure, tooEarly, type AuthFailure } from './auth-errors.js'
export {
  createAuthFrame,
  loadFrameClient,
  SECURE_FRAME_PATH,
  type AuthFrame,
  type AuthFrameOptions,
  type FrameApproval,
  type FrameClientLoader,
} from './auth-frame.js'
export { AUTH_CONNECTOR_ID, authConnector } from './auth-connector.js'
export { embeddedWalletOf } from './embedded-wallet.js'
export { createAuthLink, type AuthLink, type SocialFrameCalls } from './auth-link.js'
export {
  createAuthRuntime,
  type AuthRuntime,
  type AuthRuntimeDeps,
  type AuthUi,
  type EmailLoginActor,
  type UpdateEmailActor,
} from './auth-runtime.js'
export { emailLoginMachine, type EmailLoginStep } from './email-login.machine.js'
export type {
  ConnectEmailAction,
  EmailLoginContext,
  EmailLoginEmitted,
  EmailLoginEvent,
  EmailLoginInput,
  LoginStorage,
} from './email-login.types.js'
export { createFrameProvider, FrameRpcError, type FrameProvider } from './frame-provider.js'
export { mountIframe, type MountedAuthFrame } from './mount-iframe.js'
export {
  updateEmailMachine,
  type UpdateEmailAction,
  type UpdateEmailContext,
  type UpdateEmailEmitted,
  type UpdateEmailEvent,
  type UpdateEmailInput,
} from './update-email.machine.js'
