import { describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import { messageFor } from '../errors/catalogue.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { devnetA } from '../testing/networks.js'
import { scriptedFrame } from '../testing/scripted-frame.js'
import { createLatch, type Latch } from './create-latch.js'
import { startEmailLogin } from '../flows/email/email.views.js'

/*
 * SPEC §8 "Alerts for embedded-wallet problems: iframe load failed, iframe request timeout,
 * unverified domain": the frame client's callbacks become the modal's alerts, through createLatch
 * and no view. The timeouts' alerts leave once the embedded wallet works again; a refused origin
 * is the host's setup, and stays.
 */

const AUTH_ADDRESS = `0x${'a1'.repeat(20)}`

function setup() {
  const frame = scriptedFrame({
    CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
    CONNECT_OTP: () => undefined,
    RPC_REQUEST: (payload) =>
      String(Object(payload).method) === 'accounts' ? [AUTH_ADDRESS] : '31337',
    IS_CONNECTED: () => ({ isConnected: true }),
  })
  const latch = createLatch(
    {
      projectId: 'p',
      serverUrl: 'http://127.0.0.1:4000',
      networks: [devnetA],
      adapters: [createFakeAdapter('eip155', [fakeWallet('io.dev')]).adapter],
    },
    {
      storage: createMemoryStorage(),
      authFrame: frame.authFrame,
      fetch: async () => new Response('unavailable', { status: 503 }),
      fetchProjectConfig: () => Promise.reject(new Error('offline')),
      clearBrowserData: async () => {},
    },
  )
  return { latch, frame }
}

/** Starts an email login: the frame is loaded, its callbacks handed over. */
async function startLogin(latch: Latch, frame: ReturnType<typeof scriptedFrame>) {
  await latch.ready()
  latch.actor.send(startEmailLogin('ada@example.com'))
  return vi.waitFor(() => {
    const options = frame.options()
    if (!options) throw new Error('The frame client is not created yet')
    return options
  })
}

/** Ends the login with a code: the AUTH connector connects. */
async function finishLogin(latch: Latch) {
  const login = latch.emailLogin!
  await waitFor(login, (s) => s.matches('enteringCode'))
  login.send({ type: 'SUBMIT_CODE', otp: '123456' })
  await waitFor(latch.connection, (s) => s.matches('connected'))
}

const alertTexts = (latch: Latch) => latch.getAlerts().map((alert) => alert.message)

describe('the embedded wallet’s alerts (SPEC §8)', () => {
  it('a request timeout is an alert until a login connects', async () => {
    const { latch, frame } = setup()
    const options = await startLogin(latch, frame)
    options.onTimeout?.('iframe_request_timeout', 'CONNECT_EMAIL')
    expect(latch.getAlerts().map((alert) => alert.code)).toEqual([
      'EMBEDDED_WALLET_REQUEST_TIMEOUT',
    ])
    expect(alertTexts(latch)).toEqual(['Embedded Wallet Request Timed Out'])
    await finishLogin(latch)
    expect(latch.getAlerts()).toEqual([])
    latch.destroy()
  })

  it('a social login’s wait cut by the request timeout is no alert: core asks again', async () => {
    const { latch, frame } = setup()
    const options = await startLogin(latch, frame)
    options.onTimeout?.('iframe_request_timeout', 'CONNECT_SOCIAL')
    options.onTimeout?.('iframe_request_timeout', 'CONNECT_FARCASTER')
    expect(latch.getAlerts()).toEqual([])
    options.onTimeout?.('iframe_request_timeout', 'CONNECT_OTP')
    expect(alertTexts(latch)).toEqual(['Embedded Wallet Request Timed Out'])
    latch.destroy()
  })

  it('a frame that did not load is an alert, with SPEC §8’s text', async () => {
    const { latch, frame } = setup()
    const options = await startLogin(latch, frame)
    options.onTimeout?.('iframe_load_failed')
    options.onTimeout?.('iframe_load_failed')
    expect(alertTexts(latch)).toEqual(['Network Error - Could not load embedded wallet'])
    expect(messageFor('EMBEDDED_WALLET_LOAD_FAILED')).toBe(alertTexts(latch)[0])
    latch.destroy()
  })

  it('a frame that refuses the page’s origin is INVALID_APP_CONFIGURATION, and stays', async () => {
    const { latch, frame } = setup()
    const options = await startLogin(latch, frame)
    options.onRefused?.()
    expect(alertTexts(latch)).toEqual(['Invalid App Configuration'])
    await finishLogin(latch)
    expect(alertTexts(latch)).toEqual(['Invalid App Configuration'])
    latch.destroy()
  })
})
