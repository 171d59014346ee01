import {
  AUTH_API_PATHS,
  authTokensSchema,
  signOutResponseSchema,
  type AuthTokens,
  type AuthUser,
} from '@latch/core/api'
import { ApiError, type ApiCall } from './api.js'
import type { KeyValueStore } from './store.js'

// The frame's login: its tokens, kept in the frame's IndexedDB (they are bound to the device key,
// so a copy of them alone is useless), refreshed before they expire, and the signed-in calls.

/** Refresh this long before the access token expires, for clock skew and a slow network. */
const REFRESH_MARGIN_MS = 30_000

interface StoredSession {
  user: AuthUser
  accessToken: string
  refreshToken: string
  accessExpiresAt: number
}

/** SPEC §8 'Session Expired': what the host is told when the login is gone. */
export const SESSION_EXPIRED = 'Session Expired'

export interface Session {
  /** The signed-in user, or undefined. */
  user(): Promise<AuthUser | undefined>
  /** Stores the tokens of a login (CONNECT_OTP) or a refresh. */
  start(tokens: AuthTokens): Promise<void>
  /**
   * A signed-in call: with a fresh access token (refreshed first when needed, and once more on a
   * 401). @throws Error 'Session Expired' when there is no session or it ended (and forgets it).
   */
  call: ApiCall
  /** The live access token (refreshed first when needed), or undefined when signed out. */
  accessToken(): Promise<string | undefined>
  /** Refreshes now (CONNECT_EMAIL's CONNECT): false when the session is gone. */
  refresh(): Promise<boolean>
  /** Ends the session on the server (best effort) and forgets it here. */
  signOut(): Promise<void>
  /** Forgets it here only. */
  clear(): Promise<void>
}

export function createSession(options: {
  api: ApiCall
  store: KeyValueStore
  projectId: string
  now?: () => number
}): Session {
  const { api, store } = options
  const now = options.now ?? Date.now
  const KEY = `session:${options.projectId}`
  const load = () => store.get<StoredSession>(KEY)
  const start = async (tokens: AuthTokens) => {
    await store.set(KEY, {
      user: tokens.user,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessExpiresAt: now() + tokens.expiresIn * 1000,
    } satisfies StoredSession)
  }
  let refreshing: Promise<StoredSession | undefined> | undefined
  const refreshNow = (stored: StoredSession) => {
    // One refresh at a time: a refresh token is used once, and a second use ends the session.
    refreshing ??= api(
      AUTH_API_PATHS.refresh,
      { refreshToken: stored.refreshToken },
      authTokensSchema,
    )
      .then(async (tokens) => {
        await start(tokens)
        return load()
      })
      .catch(async (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          await store.delete(KEY)
          return undefined
        }
        throw error
      })
      .finally(() => {
        refreshing = undefined
      })
    return refreshing
  }
  const live = async (): Promise<StoredSession> => {
    const stored = await load()
    if (!stored) throw new Error(SESSION_EXPIRED)
    if (stored.accessExpiresAt - REFRESH_MARGIN_MS > now()) return stored
    const refreshed = await refreshNow(stored)
    if (!refreshed) throw new Error(SESSION_EXPIRED)
    return refreshed
  }
  const call: ApiCall = async (path, body, schema, callOptions = {}) => {
    const stored = await live()
    try {
      return await api(path, body, schema, { ...callOptions, accessToken: stored.accessToken })
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'SESSION_EXPIRED') throw error
      const refreshed = await refreshNow(stored)
      if (!refreshed) throw new Error(SESSION_EXPIRED)
      return api(path, body, schema, { ...callOptions, accessToken: refreshed.accessToken })
    }
  }
  return {
    user: async () => (await load())?.user,
    start,
    call,
    accessToken: () =>
      live().then(
        (stored) => stored.accessToken,
        () => undefined,
      ),
    refresh: async () => {
      const stored = await load()
      return stored !== undefined && (await refreshNow(stored)) !== undefined
    },
    signOut: async () => {
      const stored = await load()
      await store.delete(KEY)
      if (!stored) return
      await api(
        AUTH_API_PATHS.signOut,
        { refreshToken: stored.refreshToken },
        signOutResponseSchema,
        // An expired access token would be refused before the refresh token is read.
        stored.accessExpiresAt > now() ? { accessToken: stored.accessToken } : {},
      ).catch(() => undefined)
    },
    clear: () => store.delete(KEY),
  }
}

/** Whether `error` says the login is gone. */
export const isSessionExpired = (error: unknown): boolean =>
  error instanceof Error && error.message === SESSION_EXPIRED
