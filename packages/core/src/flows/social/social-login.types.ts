import type { ChainId } from '@latch/frame'
import type { SocialProvider } from '../../router/routes.js'
import type { LatchStorage } from '../../storage/latch-storage.js'
import type { SocialFailure } from './social-failure.js'
import type { SocialPopup } from './social-popup.js'
import type { FlowControlEvent } from '../flow.js'

/** The login's storage (SPEC §3, §4): a slice of core's `LatchStorage`, so tests hand a memory store. */
export type SocialLoginStorage = Pick<LatchStorage, 'recordSocialLogin'>

/** What starts a social login: the provider, and the popup opened in the visitor's click. */
export interface SocialLoginStart {
  readonly provider: SocialProvider
  /** The popup a click opened; `null`: the browser blocked it; absent: the machine opens one. */
  readonly popup?: SocialPopup | null
  readonly chainId?: ChainId
  /**
   * A mini app's login coming back (issue 29, SPEC §2): the `result_uri` the page was loaded
   * with, which the frame finishes the login with. No popup, no provider URL.
   */
  readonly resultUri?: string
}

/** What the social-login machine is started with. */
export interface SocialLoginInput {
  readonly storage: SocialLoginStorage
  /** Started at once (a run): the login for this provider, with the click's popup. */
  readonly start?: SocialLoginStart
  /**
   * Opens the popup on its loading page (the instance's Latch server), for a flow started
   * without one (a host's `latch.open({ route })`, a RETRY); `null` when the browser blocked it.
   */
  readonly openPopup?: () => SocialPopup | null
  /**
   * Whether the page is a mini app (issue 29), asked at each login: there the login leaves the
   * page for the provider instead of opening a popup. None: never.
   */
  readonly inMiniApp?: () => boolean
}

/** The frame's answer to GET_SOCIAL_REDIRECT_URI: the provider's URL and the flow's binding. */
export interface SocialRedirect {
  readonly uri: string
  readonly binding: string
}

/** The frame's answer to CONNECT_SOCIAL that the login keeps (SPEC §3 Frame user). */
export interface SocialLoginUser {
  /** The provider's username: SPEC §3's social username. */
  readonly userName?: string
  /** The email the provider verified, if it gave one. */
  readonly email?: string
}

export interface SocialLoginContext {
  readonly storage: SocialLoginStorage
  /** The login the run was started with, begun on entry. */
  readonly initial?: SocialLoginStart
  readonly openPopup?: () => SocialPopup | null
  readonly inMiniApp?: () => boolean
  /** A mini app's login: the page leaves for the provider (no popup), and comes back. */
  redirect?: boolean
  /** A mini app's login come back: its `result_uri`, for CONNECT_SOCIAL. */
  resultUri?: string
  /** SPEC §3 account state `socialProvider`: the provider of the login under way. */
  provider?: SocialProvider
  /** The EVM chain the frame is asked to log in on (CONNECT_SOCIAL `chainId`). */
  chainId?: ChainId
  /** SPEC §3 account state `socialWindow`: the popup, while the login needs it. */
  socialWindow?: SocialPopup
  /** The provider's URL (GET_SOCIAL_REDIRECT_URI), which the frame knows its flow by. */
  uri?: string
  /** The flow's browser binding (GET_SOCIAL_REDIRECT_URI), posted to the popup's page. */
  binding?: string
  /** How the last attempt failed; cleared by the next one. */
  failure?: SocialFailure
}

export type SocialLoginEvent =
  /**
   * What the root tells every run (flows/flow.ts): RETRY, REQUEST (another click: a login
   * starts again with its popup) and END (the popup closes) are handled; the rest ignored.
   */
  | FlowControlEvent
  /**
   * A login with `provider` starts (a new one replaces any under way). `popup`: the one opened in
   * the visitor's click; `null` when the browser blocked it; absent, the machine opens one.
   */
  | { type: 'START'; provider: SocialProvider; chainId?: ChainId; popup?: SocialPopup | null }
  /** The same login again, from a fresh click (`popup`) or not (the machine opens one). */
  | { type: 'RETRY'; popup?: SocialPopup | null }
  /** The view was left (Back, the modal closed): the login stops and the popup closes. */
  | { type: 'CANCEL' }
  /** A connection connected; the login waits for the AUTH connector's. */
  | { type: 'CONNECTED'; connectorId: string }
  /** The connect after the login failed. */
  | { type: 'CONNECT_FAILED'; error: unknown }
  /** The popup was closed (reported by the popup's watcher). */
  | { type: 'POPUP_CLOSED' }

export type SocialLoginEmitted =
  /** The frame holds a session for the social account: connect the AUTH connector. */
  | { type: 'loggedIn'; provider: SocialProvider; username?: string }
  /** The AUTH connector is connected: the login is done. */
  | { type: 'connected'; provider: SocialProvider }
  /** The attempt ended without a session; the failure is also in the context. */
  | { type: 'failed'; provider: SocialProvider; failure: SocialFailure }
