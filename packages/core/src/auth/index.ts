// The embedded wallet's host side (SPEC §4 "Secure iframe"): the secure frame (loaded on
// demand), its link and the AUTH connector's provider. The flows that use it are in flows/.
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
export { createAuthLink, type AskFrame, type AuthLink } from './auth-link.js'
export { createAuthRuntime, type AuthRuntime, type AuthRuntimeDeps } from './auth-runtime.js'
export { authConnectEvent, authNetworkOf } from './auth-connect.js'
export type { LatchAuth } from './latch-auth.js'
export { createFrameProvider, FrameRpcError, type FrameProvider } from './frame-provider.js'
export { mountIframe, type MountedAuthFrame } from './mount-iframe.js'
