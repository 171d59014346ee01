import {
  INVALID_APP_CONFIGURATION_TEXT,
  SOCIAL_LOGIN_USED_TEXT,
  SOCIAL_OTHER_BROWSER_TEXT,
  type SocialError as SocialErrorBody,
  type SocialErrorCode,
  type SocialProvider,
  type SocialResultErrorCode,
} from '@latch/core/api'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError } from '../http/errors.js'

/**
 * A social call's refusal: the server's error body plus a machine-readable `code` (core's
 * `socialErrorSchema`). Another device's flow reads exactly like an unknown one.
 */
export class SocialError extends HttpError {
  constructor(
    status: ContentfulStatusCode,
    readonly code: SocialErrorCode,
    message: string,
  ) {
    super(status, message)
    this.name = 'SocialError'
  }

  override body(): SocialErrorBody {
    return { ...super.body(), code: this.code }
  }
}

export const providerNotConfigured = (provider: SocialProvider) =>
  new SocialError(
    404,
    'PROVIDER_NOT_CONFIGURED',
    `Social login with ${provider} is not configured on this server`,
  )

/**
 * A mini app's return URL off the project's allowed origins (issue 29): SPEC §8's text for an
 * origin the project does not allow, since it is the app's configuration that is wrong.
 */
export const returnUrlNotAllowed = () =>
  new SocialError(403, 'RETURN_URL_NOT_ALLOWED', INVALID_APP_CONFIGURATION_TEXT)

export const flowNotFound = () =>
  new SocialError(404, 'FLOW_NOT_FOUND', 'No such social login: start again')

export const flowNotReady = () =>
  new SocialError(409, 'FLOW_NOT_READY', 'The social login has not finished: ask for its result')

export const flowUsed = () => new SocialError(409, 'FLOW_USED', SOCIAL_LOGIN_USED_TEXT)

export const flowExpired = () =>
  new SocialError(410, 'FLOW_EXPIRED', 'The social login took too long: start again')

/** Why a flow ended without a login: what its result tells the frame. */
export interface FlowFailure {
  code: SocialResultErrorCode
  message: string
}

/** The visitor refused consent at the provider. */
export const accessDenied = (): FlowFailure => ({
  code: 'ACCESS_DENIED',
  message: 'The sign-in was cancelled at the provider',
})

/** Another error the provider sent back instead of a code. */
export const providerError = (): FlowFailure => ({
  code: 'PROVIDER_ERROR',
  message: 'The provider could not sign you in: try again',
})

/** The exchange, the id token or the profile failed a check (details go to the log only). */
export const providerResponseInvalid = (): FlowFailure => ({
  code: 'PROVIDER_RESPONSE_INVALID',
  message: "The provider's answer could not be verified: try again",
})

/**
 * The provider sent back a browser that did not start the flow (issue 29): someone opened a
 * sign-in link made in another browser. Nothing was exchanged; no one was signed in.
 */
export const flowOtherBrowser = (): FlowFailure => ({
  code: 'FLOW_OTHER_BROWSER',
  message: SOCIAL_OTHER_BROWSER_TEXT,
})

export const flowTimedOut = (): FlowFailure => ({
  code: 'FLOW_EXPIRED',
  message: 'The social login took too long: start again',
})

/**
 * A provider's answer that failed a check: why, for the operator's log. The flow itself records
 * only {@link providerResponseInvalid}, so nothing about the check reaches the browser.
 */
export class ProviderResponseError extends Error {
  constructor(
    readonly provider: SocialProvider,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${reason}`, options)
    this.name = 'ProviderResponseError'
  }
}
