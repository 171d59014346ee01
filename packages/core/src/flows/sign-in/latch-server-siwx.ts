import {
  SIWX_API_PATHS,
  siwxMeResponseSchema,
  siwxMessageResponseSchema,
  siwxSessionResponseSchema,
  siwxSignedOutSchema,
  type SiwxSessionInfo,
} from '../../api/siwx.js'
import { serverApiUrl } from '../../api/urls.js'
import { requestJson } from '../../clients/http.js'
import { isLatchError } from '../../errors/latch-error.js'
import type { SIWXConfig, SIWXMessage, SIWXSession } from '../../options/sign-in.js'
import type { LatchStorage } from '../../storage/latch-storage.js'
import { SIWX_TOKENS_LIMIT } from '../../storage/keys.js'
import { sameAccount } from './sign-in-rules.js'

/** Where the Latch server is, and what the default backend keeps and reads. */
export interface LatchServerSiwxInput {
  serverUrl: string
  projectId: string
  storage: LatchStorage
  /** The page signing in (the message's `uri`); the page's own URL by default. */
  pageUri: () => string
  statement?: string | undefined
  fetch?: typeof fetch | undefined
}

/**
 * Sign-in with the instance's Latch server (the default `siwx` backend, issue 30): the server
 * writes each message (its nonce, its times, the page's domain) and verifies the signed one; the
 * session's bearer token is kept in Latch's storage per chain and address, so a reload finds it
 * and asks the server whether it still holds (`GET /v1/siwx/me`).
 */
export function latchServerSiwx(input: LatchServerSiwxInput): SIWXConfig {
  const { storage } = input
  const url = (path: string) => serverApiUrl(input.serverUrl, path, input.projectId)
  const call = { fetch: input.fetch }
  const tokens = () => storage.get('siwxTokens') ?? []
  const tokenOf = (chainId: string, address: string) =>
    tokens().find((entry) => sameAccount(entry, { chainId, address }))?.token
  const forget = (chainId: string, address: string) =>
    storage.set(
      'siwxTokens',
      tokens().filter((entry) => !sameAccount(entry, { chainId, address })),
    )

  return {
    async createMessage({ chainId, accountAddress }): Promise<SIWXMessage> {
      const { data, message } = await requestJson(
        {
          ...call,
          url: url(SIWX_API_PATHS.message),
          method: 'POST',
          body: {
            chainId,
            accountAddress,
            uri: input.pageUri(),
            ...(input.statement ? { statement: input.statement } : {}),
          },
        },
        siwxMessageResponseSchema,
      )
      return { ...data, toString: () => message }
    },
    async addSession(session) {
      const { token, session: stored } = await requestJson(
        {
          ...call,
          url: url(SIWX_API_PATHS.sessions),
          method: 'POST',
          body: {
            nonce: session.data.nonce,
            message: session.message,
            signature: session.signature,
            ...(session.cacao ? { cacao: session.cacao } : {}),
          },
        },
        siwxSessionResponseSchema,
      )
      const account = { chainId: stored.data.chainId, address: stored.data.accountAddress }
      const others = tokens().filter((entry) => !sameAccount(entry, account))
      storage.set('siwxTokens', [{ ...account, token }, ...others].slice(0, SIWX_TOKENS_LIMIT))
    },
    async getSessions(chainId, address) {
      const token = tokenOf(chainId, address)
      if (!token) return []
      try {
        const { session } = await requestJson(
          { ...call, url: url(SIWX_API_PATHS.me), bearer: token },
          siwxMeResponseSchema,
        )
        const account = { chainId: session.data.chainId, address: session.data.accountAddress }
        return sameAccount(account, { chainId, address }) ? [{ ...toSession(session), token }] : []
      } catch (error) {
        // Signed out elsewhere, revoked or expired: this browser's token is spent.
        if (!isLatchError(error, 'HTTP_STATUS') || error.values.status !== 401) throw error
        forget(chainId, address)
        return []
      }
    },
    async revokeSession(chainId, address) {
      const token = tokenOf(chainId, address)
      if (!token) return
      // Forgotten first: a sign-out that cannot reach the server still signs this browser out.
      forget(chainId, address)
      await signOut(token)
    },
    async setSessions(sessions) {
      if (sessions.length > 0) {
        throw new TypeError(
          'The Latch server keeps only the sessions it verified: sign in with addSession',
        )
      }
      const all = tokens()
      storage.remove('siwxTokens')
      await Promise.allSettled(all.map((entry) => signOut(entry.token)))
    },
  }

  async function signOut(token: string): Promise<void> {
    try {
      await requestJson(
        { ...call, url: url(SIWX_API_PATHS.signOut), method: 'POST', body: {}, bearer: token },
        siwxSignedOutSchema,
      )
    } catch (error) {
      // Already ended on the server: signed out is what was asked.
      if (!isLatchError(error, 'HTTP_STATUS') || error.values.status !== 401) throw error
    }
  }
}

function toSession(info: SiwxSessionInfo): SIWXSession {
  return {
    data: info.data,
    message: info.message,
    signature: info.signature,
    ...(info.cacao ? { cacao: info.cacao } : {}),
  }
}
