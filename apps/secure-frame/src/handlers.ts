import {
  AUTH_API_PATHS,
  authTokensSchema,
  connectDeviceResponseSchema,
  connectEmailResponseSchema,
  sessionResponseSchema,
  updateEmailPrimaryResponseSchema,
  updateEmailResponseSchema,
  updateEmailSecondaryResponseSchema,
  type AuthTokens,
  type AuthUser,
} from '@latch/core/api'
import type { FrameHandlers, FrameNotify, FrameUser } from '@latch/frame'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { ApiCall } from './api.js'
import type { Approver, DappInfo } from './approval.js'
import { evmChainNumber, type FrameChain, type FrameConfig } from './config.js'
import type { WalletKeeper } from './custody.js'
import { handleRpc, type RpcContext } from './rpc.js'
import { grantHolds, isConsentedSignIn, type SignInGrant } from './sign-in.js'
import { isSessionExpired, SESSION_EXPIRED, type Session } from './session.js'
import type { SocialLogin } from './social.js'
import type { FarcasterLogin } from './farcaster.js'

// The answer to every app event of SPEC §7. Email login and its update go to the Latch server's
// `/v1/auth/*`, the social login to `/v1/auth/social/*` (social.ts), Farcaster to
// `/v1/auth/farcaster/*` (farcaster.ts); the account is the key the frame keeps (custody.ts);
// RPC is rpc.ts. What this version does not have is answered honestly: smart accounts are not
// enabled (an empty network list, SPEC §4's fallback).

export const SMART_ACCOUNTS_NOT_ENABLED = 'Smart accounts are not enabled on this Latch server'
/** SPEC §8's thrown message for a chain the frame cannot use. */
export const CHAIN_NOT_SUPPORTED = 'Chain is not supported'

/** What the handlers need: the frame's services, built by main.ts (or a test). */
export interface FrameServices {
  config: FrameConfig
  /** The chain the host asked for in the frame's URL (`chainId`), if any. */
  initialChainId?: number | string
  api: ApiCall
  session: Session
  wallet: WalletKeeper
  social: SocialLogin
  farcaster: FarcasterLogin
  approve: Approver
  /** The approval UI's look (SYNC_THEME). */
  applyTheme(theme: {
    themeMode?: 'light' | 'dark'
    themeVariables?: Record<string, string | number>
  }): void
  /** Who the host is (SYNC_DAPP_DATA), for the approval UI. */
  setDapp(info: DappInfo): void
  /** Reloads the page (RELOAD), after the answer went out. */
  reload(): void
  fetch?: typeof fetch
  /** The clock (the sign-in grant's age); `Date.now` by default. */
  now?: () => number
}

/** The frame's handlers, and the state they share. */
export function createHandlers(services: FrameServices): FrameHandlers {
  const { config, api, session, wallet } = services
  const findChain = (chainId: number | string | undefined): FrameChain | undefined => {
    const id = chainId === undefined ? undefined : evmChainNumber(chainId)
    return config.chains.find((chain) => chain.id === id)
  }
  let chain: FrameChain = findChain(services.initialChainId) ?? config.chains[0]!
  let pendingEmail: string | undefined
  const now = services.now ?? Date.now
  /** The last login's consent to one sign-in with no second prompt (sign-in.ts). */
  let signInGrant: SignInGrant | undefined

  /** The signed-in user's account, from this browser's copy (no call for the key). */
  const currentAccount = async (): Promise<{ user: AuthUser; account: PrivateKeyAccount }> => {
    const user = await session.user()
    if (!user) throw new Error(SESSION_EXPIRED)
    const account = (await wallet.cached(user)) ?? (await wallet.account(user))
    return { user, account }
  }

  const frameUser = (user: AuthUser, account: PrivateKeyAccount): FrameUser => ({
    email: user.email,
    address: account.address,
    chainId: chain.id,
    accounts: [{ address: account.address, type: 'eoa' }],
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  })

  const switchTo = (chainId: number | string) => {
    const next = findChain(chainId)
    if (!next) throw new Error(CHAIN_NOT_SUPPORTED)
    chain = next
    return next
  }

  /** After a login: the wallet is made or recovered now, so GET_USER answers at once. */
  const finishLogin = async () => {
    const user = await session.user()
    if (!user) throw new Error(SESSION_EXPIRED)
    const account = await wallet.account(user)
    signInGrant = { at: now(), used: false }
    return { user, account }
  }

  /** What RPC_REQUEST (and a sign-in the login did not cover) reaches of the frame. */
  const rpcContext: RpcContext = {
    account: async () => (await currentAccount()).account,
    chain: () => chain,
    switchChain: async (chainId) => {
      switchTo(chainId)
    },
    approve: services.approve,
    rpcUrl: (chainId) => rpcUrl(config, chainId),
    ...(services.fetch ? { fetch: services.fetch } : {}),
  }
  const approvalNotices =
    (notify: FrameNotify, id: string, method: string) => (approved?: boolean) => {
      if (approved === undefined) notify('FRAME_APPROVAL_REQUESTED', { id, method })
      else notify('FRAME_APPROVAL_SETTLED', { id, approved })
    }

  /** A social or Farcaster flow's session, kept as after CONNECT_OTP; the wallet made or recovered. */
  const connectedUser = async (tokens: AuthTokens & { username: string }): Promise<FrameUser> => {
    await session.start(tokens)
    const { user, account } = await finishLogin()
    return { ...frameUser(user, account), userName: tokens.username }
  }

  const notConfigured = (message: string) => () => Promise.reject(new Error(message))

  return {
    CONNECT_EMAIL: async ({ email }, { signal }) => {
      pendingEmail = email.trim().toLowerCase()
      const { action } = await api(
        AUTH_API_PATHS.email,
        { email: pendingEmail },
        connectEmailResponseSchema,
        { signal },
      )
      if (action === 'CONNECT') {
        // This device holds a live session for the address: refresh it, no code needed.
        const user = await session.user()
        if (user?.email === pendingEmail && (await session.refresh())) {
          await finishLogin()
          return { action }
        }
        return { action: 'VERIFY_OTP' as const }
      }
      return { action }
    },
    CONNECT_DEVICE: async (_payload, { signal }) => {
      if (!pendingEmail) throw new Error('Start with CONNECT_EMAIL')
      // The server waits a bounded time for the emailed approval; ask again until it comes.
      for (;;) {
        const { action } = await api(
          AUTH_API_PATHS.device,
          { email: pendingEmail },
          connectDeviceResponseSchema,
          { signal },
        )
        if (action === 'VERIFY_OTP') return undefined
        if (signal.aborted) throw new Error('Request was aborted')
      }
    },
    CONNECT_OTP: async ({ otp }, { signal }) => {
      if (!pendingEmail) throw new Error('Start with CONNECT_EMAIL')
      const tokens = await api(AUTH_API_PATHS.otp, { email: pendingEmail, otp }, authTokensSchema, {
        signal,
      })
      await session.start(tokens)
      await finishLogin()
      pendingEmail = undefined
      return undefined
    },
    GET_SOCIAL_REDIRECT_URI: ({ provider, returnUrl }, { signal, parentOrigin }) =>
      // A mini app's login (SPEC §2) comes back to the page that embeds the frame, or nowhere.
      services.social.redirectUri(
        provider,
        signal,
        returnUrl === undefined ? undefined : { returnUrl, parentOrigin },
      ),
    CONNECT_SOCIAL: async ({ uri, chainId }, { signal }) => {
      // The host's active chain, when the frame serves it; else the frame's (the answer says
      // which). Only the EOA: a preferred smart account falls back to it (SPEC §4).
      if (chainId !== undefined && findChain(chainId)) switchTo(chainId)
      return connectedUser(await services.social.connect(uri, signal))
    },
    GET_FARCASTER_URI: async (_payload, { signal }) => ({
      url: await services.farcaster.uri(signal),
    }),
    CONNECT_FARCASTER: async (_payload, { signal }) =>
      connectedUser(await services.farcaster.connect(signal)),
    IS_CONNECTED: async () => {
      try {
        const answer = await session.call(AUTH_API_PATHS.session, {}, sessionResponseSchema)
        if (!answer.isConnected) await session.clear()
        return { isConnected: answer.isConnected }
      } catch (error) {
        if (isSessionExpired(error)) return { isConnected: false }
        throw error
      }
    },
    SIGN_OUT: async () => {
      const user = await session.user()
      await session.signOut()
      // The key's copy goes too: the next login on this browser recovers it (docs/security.md).
      if (user) await wallet.forget(user)
      return undefined
    },
    GET_USER: async ({ chainId }, { notify }) => {
      if (chainId !== undefined) switchTo(chainId)
      const { user, account } = await expiring(notify, currentAccount())
      return frameUser(user, account)
    },
    SWITCH_NETWORK: async ({ chainId }) => ({ chainId: switchTo(chainId).id }),
    GET_CHAIN_ID: async () => ({ chainId: chain.id }),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: async () => ({ smartAccountEnabledNetworks: [] }),
    INIT_SMART_ACCOUNT: notConfigured(SMART_ACCOUNTS_NOT_ENABLED),
    SET_PREFERRED_ACCOUNT: async ({ type }) => {
      if (type !== 'eoa') throw new Error(SMART_ACCOUNTS_NOT_ENABLED)
      const { account } = await currentAccount()
      return { type, address: account.address }
    },
    RPC_REQUEST: async (request, { id, signal, notify }) =>
      expiring(
        notify,
        handleRpc(rpcContext, request, {
          id,
          signal,
          notify: approvalNotices(notify, id, request.method),
        }),
      ),
    SIGN_IN: async ({ message }, { id, signal, notify, parentOrigin }) =>
      expiring(
        notify,
        (async () => {
          const { account } = await currentAccount()
          const at = now()
          const check = { parentOrigin, address: account.address, now: at }
          const chainIds = config.chains.map((served) => served.id)
          if (grantHolds(signInGrant, at) && isConsentedSignIn(message, { ...check, chainIds })) {
            signInGrant.used = true
            return { signature: await account.signMessage({ message }) }
          }
          // Not the login's own sign-in: the visitor approves it, as any personal_sign.
          const signature = await handleRpc(
            rpcContext,
            { method: 'personal_sign', params: [message, account.address] },
            { id, signal, notify: approvalNotices(notify, id, 'personal_sign') },
          )
          if (typeof signature !== 'string') throw new Error('Signature declined')
          return { signature }
        })(),
      ),
    UPDATE_EMAIL: async ({ email }) => {
      const { action } = await session.call(
        AUTH_API_PATHS.updateEmail,
        { newEmail: email },
        updateEmailResponseSchema,
      )
      return { action }
    },
    UPDATE_EMAIL_PRIMARY_OTP: async ({ otp }) => {
      await session.call(
        AUTH_API_PATHS.updateEmailPrimary,
        { otp },
        updateEmailPrimaryResponseSchema,
      )
      return undefined
    },
    UPDATE_EMAIL_SECONDARY_OTP: async ({ otp }) => {
      const { email } = await session.call(
        AUTH_API_PATHS.updateEmailSecondary,
        { otp },
        updateEmailSecondaryResponseSchema,
      )
      // Refresh so the stored user carries the new address.
      await session.refresh()
      return { newEmail: email }
    },
    SYNC_THEME: async (theme) => {
      services.applyTheme(theme)
      return undefined
    },
    SYNC_DAPP_DATA: async ({ metadata }) => {
      services.setDapp(metadata ? { name: metadata.name, url: metadata.url } : {})
      return undefined
    },
    RELOAD: async () => {
      setTimeout(() => services.reload(), 0)
      return undefined
    },
  }
}

/** Tells the host when a call found the login gone (FRAME_SESSION_EXPIRED), then rethrows. */
async function expiring<T>(notify: FrameNotify, work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (isSessionExpired(error)) notify('FRAME_SESSION_EXPIRED')
    throw error
  }
}

/** The frame's RPC URL for a chain: the server's proxy, reached through the frame-only route. */
export function rpcUrl(config: FrameConfig, chainId: number): string {
  const url = new URL(config.rpcUrl)
  url.searchParams.set('projectId', config.projectId)
  url.searchParams.set('chainId', `eip155:${chainId}`)
  return url.toString()
}
