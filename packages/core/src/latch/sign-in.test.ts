import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SignInRequest, SignMessageRequest } from '../adapter/contract.js'
import { isLatchError } from '../errors/latch-error.js'
import { selectSignIn } from '../flows/sign-in/sign-in.selectors.js'
import { selectStatus } from '../machines/connection.selectors.js'
import {
  selectIsCloseDisabled,
  selectModalState,
  selectRoute,
} from '../machines/modal.selectors.js'
import type { SIWXConfig, SIWXMessageData, SIWXOptions, SIWXSession } from '../options/sign-in.js'
import { route } from '../router/routes.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import type { StoragePort } from '../storage/storage-port.js'
import { deferred, type Deferred } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet, type FakeWallet } from '../test/fake-adapter.js'
import { outcomeOf, settleTimers as settle } from '../test/host-outcome.js'
import { devnetA, devnetB } from '../testing/networks.js'
import { createLatch } from './create-latch.js'
import { selectFlow } from './root-selectors.js'

/*
 * Issue 30 through createLatch with no view (SPEC §4 "Sign-in flow"): a host's own sign-in
 * backend, a wallet that signs, and what the router does around them. The Latch server's
 * backend is proven in the playground's Chromium tests against the real server.
 */

const WALLET = 'io.siwx.a'
const PAGE = 'https://app.example/connect'

/** A host's backend: it writes messages, "verifies" the wallet's signature and keeps sessions. */
function hostBackend() {
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

interface PageOptions {
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

let pages: Array<ReturnType<typeof page>> = []
const open = (...args: Parameters<typeof page>) => {
  const p = page(...args)
  pages.push(p)
  return p
}
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  pages.forEach((p) => p.latch.destroy())
  pages = []
  vi.useRealTimers()
})

describe('sign-in after a connect (SPEC §4)', () => {
  it('shows SIWXSignMessage; Sign asks the wallet, stores the session and closes the modal', async () => {
    const p = open()
    await p.connect()
    expect(p.view()).toBe('SIWXSignMessage')
    expect(selectFlow(p.latch.actor.getSnapshot())).toBe('signingIn')
    expect(p.step()).toBe('ready')
    expect(p.prompts).toHaveLength(0)

    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    expect(p.step()).toBe('awaitingWallet')
    expect(p.prompts[0]!.request.message).toBe(
      `app.example sign in ${p.latch.getAccount().address} nonce1`,
    )
    await p.wallet('sign')

    expect(p.view()).toBeUndefined()
    expect(p.backend.sessions).toHaveLength(1)
    const session = await p.latch.getSession()
    expect(session?.data).toMatchObject({ chainId: 'eip155:31337', nonce: 'nonce1' })
    expect(session?.signature).toBe(`signed(${session?.message})`)
  })

  it('a wallet with a sign-in of its own signs the text it writes from the data', async () => {
    const p = open({
      ownSignIn: (data) => `${data.domain} sign in ${data.accountAddress} ${data.nonce}`,
    })
    await p.connect()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    expect(p.prompts).toHaveLength(0)
    expect(p.view()).toBeUndefined()
    expect(p.backend.sessions[0]?.message).toBe(
      `app.example sign in ${p.latch.getAccount().address} nonce1`,
    )
  })

  it("a refused signature reads 'Signature declined', and Try again asks again", async () => {
    const p = open()
    await p.connect()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('reject')
    expect(p.step()).toBe('failed')
    expect(selectSignIn(p.latch.signingIn?.getSnapshot()).error?.message).toBe('Signature declined')
    expect(p.view()).toBe('SIWXSignMessage')

    // A signature the verifier refuses is declined the same way, and nothing is stored.
    p.latch.signingIn?.send({ type: 'RETRY' })
    await settle()
    await p.wallet('forge')
    expect(selectSignIn(p.latch.signingIn?.getSnapshot()).error?.message).toBe('Signature declined')
    expect(p.backend.sessions).toHaveLength(0)

    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    expect(p.prompts).toHaveLength(3)
    await p.wallet('sign')
    expect(p.view()).toBeUndefined()
    expect(p.backend.sessions).toHaveLength(1)
  })

  it('Cancel closes the modal and keeps the wallet connected when sign-in is optional', async () => {
    const p = open()
    await p.connect()
    expect(selectIsCloseDisabled(p.modal())).toBe(false)
    p.latch.signingIn?.send({ type: 'CANCEL' })
    await settle()
    expect(p.view()).toBeUndefined()
    expect(selectStatus(p.latch.connection.getSnapshot())).toBe('connected')
    expect(await p.latch.getSession()).toBeUndefined()
  })

  it('required: Close is refused with a shake until signed in, and Cancel disconnects', async () => {
    const p = open({ siwx: { required: true } })
    await p.connect()
    expect(selectIsCloseDisabled(p.modal())).toBe(true)
    p.latch.close()
    await settle()
    expect(p.view()).toBe('SIWXSignMessage')
    expect(selectModalState(p.modal()).shake).toBe(true)

    p.latch.signingIn?.send({ type: 'CANCEL' })
    await settle()
    expect(selectStatus(p.latch.connection.getSnapshot())).toBe('disconnected')
    // Disconnected, nothing holds the modal: it can be closed again.
    expect(selectIsCloseDisabled(p.modal())).toBe(false)
  })

  it('required: once signed in, Close works again', async () => {
    const p = open({ siwx: { getRequired: () => true } })
    await p.connect()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('sign')
    expect(p.view()).toBeUndefined()
    p.latch.open()
    await settle()
    expect(p.view()).toBe('Account')
    expect(selectIsCloseDisabled(p.modal())).toBe(false)
  })

  it('required: the wallet moves to another chain with no session there, and is asked again', async () => {
    const p = open({ siwx: { required: true } })
    await p.connect()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('sign')
    expect(p.view()).toBeUndefined()

    // Sessions are per chain: on devnet B there is none, and Close would be held without a view.
    p.fake.wallets[0]!.chainReference = '31338'
    p.fake.emit({ type: 'chainChanged', connectorId: WALLET, chainReference: '31338' })
    await settle()
    expect(p.view()).toBe('SIWXSignMessage')
    expect(selectIsCloseDisabled(p.modal())).toBe(true)
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('sign')
    expect(p.view()).toBeUndefined()
    expect(p.backend.sessions.map((s) => s.data.chainId)).toEqual(['eip155:31337', 'eip155:31338'])
  })

  it('open({ siwx: false }) connects without a sign-in prompt, even where it is required', async () => {
    const p = open({ siwx: { required: true } })
    p.latch.open({ siwx: false })
    await settle()
    p.latch.open({ siwx: false, route: route('ConnectingExternal', { connectorId: WALLET }) })
    await settle()
    expect(selectStatus(p.latch.connection.getSnapshot())).toBe('connected')
    expect(p.view()).toBeUndefined()
    expect(p.prompts).toHaveLength(0)
  })
})

describe('the legacy siweConfig, and connect({ siwx: false })', () => {
  it('signs in with the host’s SIWE nonce, message and verifier (EVM only)', async () => {
    const verified: string[] = []
    let signedIn: { address: string; chainId: number } | null = null
    const fake = createFakeAdapter('eip155', [fakeWallet(WALLET)])
    const latch = createLatch(
      {
        projectId: 'p',
        networks: [devnetA],
        adapters: [fake.adapter],
        siweConfig: {
          getNonce: async () => 'siwenonce1',
          createMessage: (args) => `${args.domain} ${args.address} ${args.chainId} ${args.nonce}`,
          verifyMessage: async ({ message, signature }) => {
            verified.push(message)
            const ok = signature.startsWith('0x')
            if (ok) signedIn = { address: fake.wallets[0]!.accounts[0]!.address, chainId: 31337 }
            return ok
          },
          getSession: async () => signedIn,
          signOut: async () => ((signedIn = null), true),
        },
      },
      { storage: createMemoryStorage(), signInPageUri: () => PAGE },
    )
    latch.start()
    latch.open({ route: route('ConnectingExternal', { connectorId: WALLET }) })
    await settle()
    latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    const address = latch.getAccount().address
    expect(verified).toEqual([`app.example eip155:31337:${address} 31337 siwenonce1`])
    expect(selectModalState(latch.modal.getSnapshot()).open).toBe(false)
    expect((await latch.getSession())?.data.accountAddress).toBe(address)
    await latch.signOut()
    expect(await latch.getSession()).toBeUndefined()
    latch.destroy()
  })

  it('connect({ siwx: false }) resolves with no sign-in on show, where it is required', async () => {
    const p = open({ siwx: { required: true } })
    const connected = outcomeOf(p.latch.connect({ connectorId: WALLET, siwx: false }))
    await settle()
    expect(connected.settled).toBe(true)
    expect(p.view()).toBeUndefined()
    expect(p.prompts).toHaveLength(0)
  })
})

describe('a session that survives a reload', () => {
  it('the next load finds the session: no prompt, and getSession() answers', async () => {
    const visit = {
      storage: createMemoryStorage(),
      backend: hostBackend(),
      wallet: fakeWallet(WALLET),
    }
    const first = open({ ...visit, siwx: { required: true } })
    await first.connect()
    first.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await first.wallet('sign')
    first.latch.destroy()

    const next = open({ ...visit, siwx: { required: true } })
    await settle()
    expect(selectStatus(next.latch.connection.getSnapshot())).toBe('connected')
    expect(next.view()).toBeUndefined()
    expect(next.prompts).toHaveLength(0)
    expect((await next.latch.getSession())?.data.nonce).toBe('nonce1')
    expect(selectIsCloseDisabled(next.modal())).toBe(false)
  })

  /** A visit that connected and left without signing in: the next load reconnects its wallet. */
  async function visitWithoutSession() {
    const visit = {
      storage: createMemoryStorage(),
      backend: hostBackend(),
      wallet: fakeWallet(WALLET),
    }
    const first = open(visit)
    await first.connect()
    first.latch.close()
    first.latch.destroy()
    return visit
  }

  it('required, and the session is gone: the reconnected wallet is asked to sign in', async () => {
    const visit = await visitWithoutSession()
    const next = open({ ...visit, siwx: { required: true } })
    await settle()
    expect(selectStatus(next.latch.connection.getSnapshot())).toBe('connected')
    expect(next.view()).toBe('SIWXSignMessage')
    expect(selectIsCloseDisabled(next.modal())).toBe(true)
  })

  it('optional, and no session: a reload asks nothing', async () => {
    const next = open(await visitWithoutSession())
    await settle()
    expect(selectStatus(next.latch.connection.getSnapshot())).toBe('connected')
    expect(next.view()).toBeUndefined()
  })
})

describe('a host without React: signIn, getSession, signOut and the subscription', () => {
  it('signIn() opens SIWXSignMessage, asks the wallet at once and resolves with the session', async () => {
    const p = open()
    const states: string[] = []
    const stop = p.latch.subscribeSignIn((state) => states.push(state.status))
    await p.connect()
    p.latch.close()
    await settle()
    const signed = outcomeOf(p.latch.signIn())
    await settle()
    expect(p.view()).toBe('SIWXSignMessage')
    expect(p.prompts).toHaveLength(1)
    await p.wallet('sign')
    expect(signed.value?.data.nonce).toBe('nonce1')
    expect(states).toContain('signedIn')

    // Signed in already: at once, with no prompt.
    await expect(p.latch.signIn()).resolves.toMatchObject({ data: { nonce: 'nonce1' } })
    expect(p.prompts).toHaveLength(1)

    await p.latch.signOut()
    expect(await p.latch.getSession()).toBeUndefined()
    expect(p.backend.sessions).toHaveLength(0)
    expect(states.at(-1)).toBe('signedOut')
    stop()
  })

  it('signIn() while SIWXSignMessage is on show (a connect() left it open) asks the wallet at once', async () => {
    // connect() opens the modal, so after the connect the router shows SIWXSignMessage: a page
    // without views has nothing to press Sign, and signIn() reaches the run on show instead.
    const p = open()
    const connected = outcomeOf(p.latch.connect({ connectorId: WALLET }))
    await settle()
    expect(connected.value?.acct).toBe(p.latch.getAccount().address)
    expect([p.view(), p.step()]).toEqual(['SIWXSignMessage', 'ready'])
    const signed = outcomeOf(p.latch.signIn())
    await settle()
    expect([p.step(), p.prompts.length]).toEqual(['awaitingWallet', 1])
    await p.wallet('sign')
    expect(signed.value?.data.nonce).toBe('nonce1')
    expect(p.view()).toBeUndefined()

    // After a refusal too: signIn() is the host's Try again.
    await p.latch.signOut()
    p.latch.open({ route: route('SIWXSignMessage') })
    await settle()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('reject')
    expect(p.step()).toBe('failed')
    const again = outcomeOf(p.latch.signIn())
    await settle()
    await p.wallet('sign')
    expect(again.value?.data.nonce).toBe('nonce3')
  })

  it('signIn() rejects USER_REJECTED when the modal closes first, and without a wallet', async () => {
    const p = open()
    await expect(p.latch.signIn()).rejects.toSatisfy((e) =>
      isLatchError(e, 'NO_ACTIVE_CAIP_ADDRESS'),
    )
    await p.connect()
    const signed = outcomeOf(p.latch.signIn())
    await settle()
    p.latch.close()
    await settle()
    expect(isLatchError(signed.error, 'USER_REJECTED')).toBe(true)
  })

  it("without sign-in options every call rejects with 'SIWX is not enabled'", async () => {
    const latch = createLatch(
      { projectId: 'p', networks: [devnetA] },
      { storage: createMemoryStorage() },
    )
    for (const call of [latch.getSession(), latch.signIn(), latch.signOut()]) {
      await expect(call).rejects.toThrow('SIWX is not enabled')
    }
    latch.destroy()
  })

  it('signOutOnDisconnect revokes the session when the wallet disconnects', async () => {
    const p = open({ siwx: { signOutOnDisconnect: true } })
    await p.connect()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('sign')
    expect(p.backend.sessions).toHaveLength(1)
    await p.latch.disconnect()
    await settle()
    expect(p.backend.sessions).toHaveLength(0)
  })
})
