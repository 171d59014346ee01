import {
  type AppEventType,
  type AppRequest,
  type AppSuccess,
  type ChainId,
  type FrameUser,
} from '@latch/frame'
import { fromPromise } from 'xstate'
import type { AdapterRegistry } from '../adapter/registry.js'
import type { SocialProvider } from '../router/routes.js'
import type { LatchStorage } from '../storage/latch-storage.js'
import { askUntilAnswered } from './ask-again.js'
import { AUTH_CONNECTOR_ID, authConnector } from './auth-connector.js'
import type { AuthFrame } from './auth-frame.js'
import type { ConnectEmailAction } from './email-login.types.js'
import { createFrameProvider, type FrameProvider } from './frame-provider.js'
import type { UpdateEmailAction } from './update-email.machine.js'

/** The login cache and the flag that makes a page load the frame (SPEC §4). */
type AuthStorage = Pick<LatchStorage, 'get' | 'clearLoginCache'>

/** One instance's embedded wallet: the frame, its provider, and what the login flows call. */
export interface AuthLink {
  readonly frame: AuthFrame
  /** The EIP-1193 provider lent to the EVM adapter as connector {@link AUTH_CONNECTOR_ID}. */
  readonly provider: FrameProvider
  /** SPEC §4: the frame loads at start only when the email-login flag is stored. */
  shouldRestore(): boolean
  /** Lends the provider to the adapters that can take it (the EVM one). */
  attach(): void
  /**
   * A returning visitor: loads the frame and asks IS_CONNECTED. Connected: the provider is lent
   * and true. Not connected: the login cache is cleared (SPEC §4) and false. Without the stored
   * flag nothing is loaded and the answer is false.
   */
  restore(signal?: AbortSignal): Promise<boolean>
  /** SIGN_OUT in the frame (best effort), then the login cache is cleared (SPEC §4) and the provider taken back. */
  signOut(): Promise<void>
  /** The email-login machine's actors (`emailLoginMachine.provide({ actors })`). */
  readonly loginActors: ReturnType<typeof loginActors>
  /** The email-update machine's actors. */
  readonly updateActors: ReturnType<typeof updateActors>
  /** The social login's frame calls (issue 12): the social-login machine's actors use them. */
  readonly social: SocialFrameCalls
}

/** The social login's two frame calls (SPEC §7 GET_SOCIAL_REDIRECT_URI, CONNECT_SOCIAL). */
export interface SocialFrameCalls {
  /** The provider's URL for the popup; the frame remembers the flow it belongs to. */
  redirectUri(provider: SocialProvider, signal: AbortSignal): Promise<string>
  /**
   * Waits while the visitor is at the provider, until the frame holds the session; then the
   * AUTH connector's provider is lent (it can connect). SPEC §9's 30 s request timeout is
   * shorter than the frame's wait (SOCIAL_RESULT_TIMEOUT_MS), so a call that timed out is made
   * again: the frame keeps the flow for it. The caller's signal ends the wait.
   */
  connect(request: { uri: string; chainId?: ChainId }, signal: AbortSignal): Promise<FrameUser>
}

type Ask = <T extends AppEventType>(
  type: T,
  payload: AppRequest<T>,
  signal: AbortSignal,
) => Promise<AppSuccess<T>>

function loginActors(ask: Ask) {
  return {
    connectEmail: fromPromise<{ action: ConnectEmailAction }, { email: string }>(
      ({ input, signal }) => ask('CONNECT_EMAIL', { email: input.email }, signal),
    ),
    connectDevice: fromPromise<void, { email: string }>(async ({ signal }) => {
      await ask('CONNECT_DEVICE', undefined, signal)
    }),
    connectOtp: fromPromise<void, { email: string; otp: string }>(async ({ input, signal }) => {
      await ask('CONNECT_OTP', { otp: input.otp }, signal)
    }),
  }
}

function socialCalls(ask: Ask, lend: () => void): SocialFrameCalls {
  return {
    async redirectUri(provider, signal) {
      return (await ask('GET_SOCIAL_REDIRECT_URI', { provider }, signal)).uri
    },
    async connect({ uri, chainId }, signal) {
      const user = await askUntilAnswered(
        () => ask('CONNECT_SOCIAL', { uri, ...(chainId !== undefined ? { chainId } : {}) }, signal),
        signal,
      )
      lend()
      return user
    },
  }
}

function updateActors(ask: Ask) {
  return {
    updateEmail: fromPromise<{ action: UpdateEmailAction }, { email: string }>(
      ({ input, signal }) => ask('UPDATE_EMAIL', { email: input.email }, signal),
    ),
    verifyPrimary: fromPromise<void, { otp: string }>(async ({ input, signal }) => {
      await ask('UPDATE_EMAIL_PRIMARY_OTP', { otp: input.otp }, signal)
    }),
    verifySecondary: fromPromise<{ newEmail: string }, { otp: string }>(({ input, signal }) =>
      ask('UPDATE_EMAIL_SECONDARY_OTP', { otp: input.otp }, signal),
    ),
  }
}

/**
 * Ties the secure frame to the instance: the AUTH connector's provider, the login flows'
 * actors, and SPEC §4's storage rules for a returning visitor and for signing out.
 */
export function createAuthLink(deps: {
  frame: AuthFrame
  registry: AdapterRegistry
  storage: AuthStorage
}): AuthLink {
  const { frame, registry, storage } = deps
  const provider = createFrameProvider(() => frame.client())
  const ask: Ask = async (type, payload, signal) => {
    const client = await frame.client()
    const request: <T extends AppEventType>(
      type: T,
      payload: AppRequest<T>,
      options: { signal: AbortSignal },
    ) => Promise<AppSuccess<T>> = (t, p, o) => Reflect.apply(client.request, client, [t, p, o])
    return request(type, payload, { signal })
  }
  const lend = (value: FrameProvider | undefined) => {
    for (const adapter of registry.values()) {
      if (adapter.namespace === authConnector.chain)
        adapter.setRemoteProvider?.(AUTH_CONNECTOR_ID, value)
    }
  }
  return {
    frame,
    provider,
    shouldRestore: () => storage.get('emailLoginUsed') === true,
    attach: () => lend(provider),
    async restore(signal) {
      if (storage.get('emailLoginUsed') !== true) return false
      const { isConnected } = await ask('IS_CONNECTED', {}, signal ?? new AbortController().signal)
      if (!isConnected) {
        storage.clearLoginCache()
        return false
      }
      lend(provider)
      return true
    },
    async signOut() {
      if (frame.started) {
        await ask('SIGN_OUT', undefined, new AbortController().signal).catch(() => undefined)
      }
      storage.clearLoginCache()
      provider.announce('disconnect')
      lend(undefined)
    },
    loginActors: loginActors(ask),
    updateActors: updateActors(ask),
    social: socialCalls(ask, () => lend(provider)),
  }
}
