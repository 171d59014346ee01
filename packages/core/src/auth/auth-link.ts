import type { AppEventType, AppRequest, AppSuccess } from '@latch/frame'
import type { AdapterRegistry } from '../adapter/registry.js'
import type { LatchStorage } from '../storage/latch-storage.js'
import { askUntilAnswered } from './ask-again.js'
import { AUTH_CONNECTOR_ID, authConnector } from './auth-connector.js'
import type { AuthFrame } from './auth-frame.js'
import { createFrameProvider, type FrameProvider } from './frame-provider.js'

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
  /**
   * One request to the frame, typed by the protocol (`@latch/frame`): each flow makes its frame
   * calls from this (its machine's actors), so none is written twice.
   */
  readonly ask: AskFrame
  /**
   * A long wait in the frame (a social login at its provider, a Farcaster app's approval): asked
   * again when SPEC §9's 30 s request timeout cuts it short (the frame keeps the flow for it),
   * then the AUTH connector's provider is lent, since the frame now holds a session.
   */
  askForSession<T extends AppEventType>(
    type: T,
    payload: AppRequest<T>,
    signal: AbortSignal,
  ): Promise<AppSuccess<T>>
}

/** One request to the secure frame, with its typed payload and answer. */
export type AskFrame = <T extends AppEventType>(
  type: T,
  payload: AppRequest<T>,
  signal: AbortSignal,
) => Promise<AppSuccess<T>>

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
  const ask: AskFrame = async (type, payload, signal) => {
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
    ask,
    async askForSession(type, payload, signal) {
      const answer = await askUntilAnswered(() => ask(type, payload, signal), signal)
      lend(provider)
      return answer
    },
  }
}
