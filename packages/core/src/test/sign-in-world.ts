import { afterEach, beforeEach, expect, vi } from 'vitest'
import type { SignInRequest, SignMessageRequest } from '../adapter/contract.js'
import { selectSignIn } from '../flows/sign-in/sign-in.selectors.js'
import { createLatch } from '../latch/create-latch.js'
import { selectStatus } from '../machines/connection.selectors.js'
import { selectModalState, selectRoute } from '../machines/modal.selectors.js'
import type { SIWXConfig, SIWXMessageData, SIWXOptions, SIWXSession } from '../options/sign-in.js'
import { route } from '../router/routes.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import type { StoragePort } from '../storage/storage-port.js'
import { devnetA, devnetB } from '../testing/networks.js'
import { deferred, type Deferred } from './deferred.js'
import { createFakeAdapter, fakeWallet, type FakeWallet } from './fake-adapter.js'
import { settleTimers as settle } from './host-outcome.js'

/*
 * Sign-in's tests through createLatch (issue 30): a host's own backend in memory, a wallet whose
 * sign prompts the test answers, and pages opened on them, destroyed after each test.
 */

/** The fake wallet's connector id. */
export const WALLET = 'io.siwx.a'
/** The page signing in (never fetched: only a message's `uri`). */
export const PAGE = 'https://app.example/connect'

/** A host's backend: it writes messages, "verifies" the wallet's signature and keeps sessions. */
export function hostBackend() {
  const sessions: SIWXSession[] = []
  let nonces = 0
  const config: SIWXConfig = {
    async createMessage({ chainId, accountAddress }) {
      const data = {
        chainId,
        accountAddress,
        nonce: `nonce${++nonces}`,
        domain: new URL(PAGE).host,
        uri: PAGE,
        version: '1',
      }
      return { ...data, toString: () => `${data.domain} sign in ${accountAddress} ${data.nonce}` }
    },
    async addSession(session) {
      if (session.signature !== `signed(${session.message})`) throw new Error('bad signature')
      sessions.push(session)
    },
    async getSessions(chainId, address) {
      return sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address)
    },
    async revokeSession(chainId, address) {
      const kept = sessions.filter(
        (s) => s.data.chainId !== chainId || s.data.accountAddress !== address,
      )
      sessions.splice(0, sessions.length, ...kept)
    },
    async setSessions(next) {
      sessions.splice(0, sessions.length, ...next)
    },
  }
  return { config, sessions }
}

/** The wallet's sign prompts, each answered by the test. */
type SignPrompt = { request: SignMessageRequest; answer: Deferred<string> }

export interface PageOptions {
  siwx?: SIWXOptions
  /** A previous visit's: its storage, its backend and its wallet (which remembers the site). */
  storage?: StoragePort
  backend?: ReturnType<typeof hostBackend>
  wallet?: FakeWallet
  /** The wallet has a sign-in of its own (solana:signIn): it writes this text from the data. */
  ownSignIn?: (data: SIWXMessageData) => string
}

function page(options: PageOptions = {}) {
  const backend = options.backend ?? hostBackend()
  const fake = createFakeAdapter('eip155', [options.wallet ?? fakeWallet(WALLET)])
  const prompts: SignPrompt[] = []
  const adapter = {
    ...fake.adapter,
    signMessage(request: SignMessageRequest) {
      const answer = deferred<string>()
      prompts.push({ request, answer })
      return answer.promise
    },
    ...(options.ownSignIn
      ? {
          async signIn(request: SignInRequest) {
            const text = options.ownSignIn!(request.data)
            return { message: text, signature: `signed(${text})` }
          },
        }
      : {}),
  }
  const latch = createLatch(
    {
      projectId: 'p',
      networks: [devnetA, devnetB],
      adapters: [adapter],
      siwx: { ...backend.config, ...options.siwx },
    },
    { storage: options.storage ?? createMemoryStorage(), signInPageUri: () => PAGE },
  )
  latch.start()
  const modal = () => latch.modal.getSnapshot()
  const view = () => (selectModalState(modal()).open ? selectRoute(modal()).view : undefined)
  const run = () => latch.signingIn
  const step = () => selectSignIn(run()?.getSnapshot()).step
  /** The wallet signs its last prompt as the host's verifier expects (or refuses it). */
  async function wallet(outcome: 'sign' | 'reject' | 'forge') {
    const prompt = prompts.at(-1)
    if (!prompt) throw new Error('the wallet was not asked')
    if (outcome === 'reject')
      prompt.answer.reject(Object.assign(new Error('User rejected'), { code: 4001 }))
    else prompt.answer.resolve(outcome === 'sign' ? `signed(${prompt.request.message})` : '0xbad')
    await settle()
  }
  async function connect() {
    latch.open({ route: route('ConnectingExternal', { connectorId: WALLET }) })
    await settle()
    expect(selectStatus(latch.connection.getSnapshot())).toBe('connected')
  }
  return { latch, backend, prompts, view, step, wallet, connect, modal, fake }
}

/** Registers the hooks (fake timers, pages destroyed) and returns the opener of pages. */
export function useSignInPages() {
  let pages: Array<ReturnType<typeof page>> = []
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    pages.forEach((p) => p.latch.destroy())
    pages = []
    vi.useRealTimers()
  })
  return (...args: Parameters<typeof page>) => {
    const p = page(...args)
    pages.push(p)
    return p
  }
}
