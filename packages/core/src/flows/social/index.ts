// Social login (issue 12): the popup opened in the visitor's click, and the flow that runs it
// through the secure frame (the `ConnectingSocial` route's, started by core's root chart).
export {
  endsSocialFlow,
  socialLoginError,
  type SocialFailure,
  type SocialFailureKind,
} from './social-failure.js'
export {
  SOCIAL_POPUP_CLOSED_GRACE_MS,
  SOCIAL_POPUP_POLL_MS,
  SOCIAL_RESULT_WAIT_MS,
  socialLoginMachine,
  type SocialLoginStep,
} from './social-login.machine.js'
export {
  selectSocialLogin,
  type SocialLoginActor,
  type SocialLoginSnapshot,
  type SocialLoginView,
} from './social-login.selectors.js'
export type {
  SocialLoginContext,
  SocialLoginEmitted,
  SocialLoginEvent,
  SocialLoginInput,
  SocialLoginStorage,
  SocialLoginUser,
} from './social-login.types.js'
export { socialProviderSchema, socialProvidersOf } from './social-provider.js'
export {
  openSocialWindow,
  SOCIAL_POPUP_NAME,
  type SocialPopup,
  type SocialPopupOpener,
} from './social-popup.js'
export { socialPopupUrl } from './social-popup-url.js'
