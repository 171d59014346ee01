import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { createLatch, type Latch } from '../latch/create-latch.js'
import type { AccountState } from '../machines/connection.selectors.js'
import { createLatchStorage } from '../storage/latch-storage.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import type { StoragePort } from '../storage/storage-port.js'
import { flush } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { devnetA } from '../testing/networks.js'
import { frameRefusal, scriptedFrame } from '../testing/scripted-frame.js'
import { embeddedWalletOf } from './embedded-wallet.js'
import { startEmailLogin } from '../flows/email/email.views.js'
import { route } from '../router/routes.js'

/*
 * SPEC §3 `embeddedWalletInfo` through createLatch and no view (a host without React): an email
 * login, its update, a reconnect on load and a logout, against a scripted secure frame. The AUTH
 * connector connects through the frame's provider, as the EVM adapter reaches it in a browser.
 */

const AUTH_ADDRESS = `0x${'a1'.repeat(20)}`
const WRONG_CODE = '000000'

const otpOf = (payload: unknown) => String(Object(payload).otp)
const methodOf = (payload: unknown) => String(Object(payload).method)

/** An instance over `port`, its frame holding a session once a code was accepted. */
function setup(port: StoragePort = createMemoryStorage(), session = { connected: false }) {
  let pendingEmail = ''
  const frame = scriptedFrame({
    CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
    CONNECT_OTP: () => {
      session.connected = true
    },
    RPC_REQUEST: (payload) => (methodOf(payload) === 'accounts' ? [AUTH_ADDRESS] : '31337'),
    IS_CONNECTED: () => ({ isConnected: session.connected }),
    SIGN_OUT: () => {
      session.connected = false
    },
    UPDATE_EMAIL: (payload) => {
      pendingEmail = String(Object(payload).email)
      return { action: 'VERIFY_PRIMARY_OTP' }
    },
    UPDATE_EMAIL_PRIMARY_OTP: (payload) => {
      if (otpOf(payload) === WRONG_CODE) throw frameRefusal('Invalid code: 4 attempts left')
    },
    UPDATE_EMAIL_SECONDARY_OTP: () => ({ newEmail: pendingEmail }),
  })
  const latch = createLatch(
    {
      projectId: 'p',
      serverUrl: 'http://127.0.0.1:4000',
      networks: [devnetA],
      adapters: [createFakeAdapter('eip155', [fakeWallet('io.dev')]).adapter],
    },
    {
      storage: port,
      authFrame: frame.authFrame,
      fetch: async () => new Response('unavailable', { status: 503 }),
      fetchProjectConfig: () => Promise.reject(new Error('offline')),
      clearBrowserData: async () => {},
    },
  )
  const seen: AccountState[] = []
  latch.subscribeAccount((account) => seen.push(account))
  return { latch, frame, port, session, seen, storage: createLatchStorage({ port }) }
}

const info = (latch: Latch) => latch.getAccount().embeddedWalletInfo

/** Logs in by email as the views do: the field, then the code. */
async function logIn(latch: Latch, email: string) {
  await latch.ready()
  latch.actor.send(startEmailLogin(email))
  const login = latch.emailLogin!
  await waitFor(login, (s) => s.matches('enteringCode'))
  login.send({ type: 'SUBMIT_CODE', otp: '123456' })
  await waitFor(latch.connection, (s) => s.matches('connected'))
}

/** Starts an update as the views do: UpdateEmailWallet, then its field. */
async function startUpdate(latch: Latch, email: string) {
  latch.open({ route: route('UpdateEmailWallet') })
  latch.updateEmail!.send({ type: 'SUBMIT_EMAIL', email })
}

/** One step of the update: waits for `state`, then enters `otp`. */
async function enterUpdateCode(
  latch: Latch,
  state: 'enteringPrimaryOtp' | 'enteringSecondaryOtp',
  otp: string,
) {
  const update = latch.updateEmail!
  await waitFor(update, (s) => s.matches(state))
  update.send({ type: 'SUBMIT_CODE', otp })
}

describe('embeddedWalletOf: the login cache (SPEC §3 storage keys)', () => {
  const cache = () => createLatchStorage({ port: createMemoryStorage() })

  it('an email login: its email', () => {
    const storage = cache()
    storage.recordEmailLogin('ada@example.com')
    expect(embeddedWalletOf(storage)).toEqual({
      authProvider: 'email',
      user: { email: 'ada@example.com' },
    })
  })

  it("a social login: its provider, username and the provider's email", () => {
    const storage = cache()
    storage.recordSocialLogin({ provider: 'google', username: 'ada', email: 'ada@gmail.test' })
    expect(embeddedWalletOf(storage)).toEqual({
      authProvider: 'google',
      user: { email: 'ada@gmail.test', username: 'ada' },
    })
    storage.recordSocialLogin({ provider: 'farcaster', username: 'ada.eth' })
    expect(embeddedWalletOf(storage)).toEqual({
      authProvider: 'farcaster',
      user: { username: 'ada.eth' },
    })
  })

  it('no login: nothing (the cache was cleared)', () => {
    const storage = cache()
    storage.recordEmailLogin('ada@example.com')
    storage.clearLoginCache()
    expect(embeddedWalletOf(storage)).toBeUndefined()
  })
})

describe('embeddedWalletInfo through createLatch (issue 17)', () => {
  it('an email login shows its email; the host is told once', async () => {
    const { latch, seen } = setup()
    await logIn(latch, 'Ada@Example.com')
    expect(info(latch)).toEqual({
      user: { email: 'ada@example.com' },
      authProvider: 'email',
      accountType: 'eoa',
      isSmartAccountDeployed: false,
    })
    expect(seen.at(-1)?.embeddedWalletInfo).toEqual(info(latch))
    // Another snapshot saying the same thing (account data read) tells the host nothing.
    const told = seen.length
    latch.connection.send({
      type: 'ACCOUNT_DATA_UPDATED',
      namespace: 'eip155',
      data: { profileName: 'ada' },
    })
    await flush()
    expect(seen).toHaveLength(told)
    latch.destroy()
  })

  it('an email update: a wrong code changes nothing; success shows the new email', async () => {
    const { latch, seen, storage } = setup()
    await logIn(latch, 'ada@example.com')
    await startUpdate(latch, 'ada@new.example')
    await enterUpdateCode(latch, 'enteringPrimaryOtp', WRONG_CODE)
    const update = latch.updateEmail!
    await waitFor(update, (s) => s.matches('enteringPrimaryOtp') && !!s.context.error)
    expect(update.getSnapshot().context.error?.message).toBe('Invalid code: 4 attempts left')
    expect(info(latch)?.user).toEqual({ email: 'ada@example.com' })

    const told = seen.length
    await enterUpdateCode(latch, 'enteringPrimaryOtp', '123456')
    await enterUpdateCode(latch, 'enteringSecondaryOtp', '654321')
    await waitFor(update, (s) => s.status === 'done')
    expect(info(latch)).toMatchObject({
      user: { email: 'ada@new.example' },
      authProvider: 'email',
    })
    expect(storage.get('email')).toBe('ada@new.example')
    expect(seen.slice(told).map((account) => account.embeddedWalletInfo?.user)).toEqual([
      { email: 'ada@new.example' },
    ])
    latch.destroy()
  })

  it('a reconnect on load carries the stored social login; the logout ends it', async () => {
    const port = createMemoryStorage()
    const storage = createLatchStorage({ port })
    storage.recordSocialLogin({ provider: 'github', username: 'ada' })
    storage.rememberConnection('eip155', 'auth')
    const { latch } = setup(port, { connected: true })
    await latch.ready()
    await waitFor(latch.connection, (s) => s.matches('connected'))
    expect(info(latch)).toEqual({
      user: { username: 'ada' },
      authProvider: 'github',
      accountType: 'eoa',
      isSmartAccountDeployed: false,
    })

    await latch.disconnect()
    expect(latch.getAccount().embeddedWalletInfo).toBeUndefined()
    expect(embeddedWalletOf(storage)).toBeUndefined()
    latch.destroy()
  })
})
