import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { AUTH_CONNECTOR_ID } from '../auth/auth-connector.js'
import { startEmailLogin } from '../flows/email/email.views.js'
import { selectRoute } from '../machines/modal.selectors.js'
import { route, type Route } from '../router/routes.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { devnetA } from '../testing/networks.js'
import { scriptedFrame } from '../testing/scripted-frame.js'
import { createLatch } from './create-latch.js'
import { selectFlow } from './root-selectors.js'

/*
 * Issue 28: `latch.open({ route })` on every email and approval view starts its flow, as it
 * does on every other view: a host without React opens the view, and core runs what it implies
 * (no view is drawn here). The scripted frame stands in for the secure one.
 */

const AUTH_ADDRESS = `0x${'a1'.repeat(20)}`
const methodOf = (payload: unknown) => String(Object(payload).method)

function setup() {
  const frame = scriptedFrame({
    CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
    CONNECT_OTP: () => undefined,
    UPDATE_EMAIL: () => ({ action: 'VERIFY_PRIMARY_OTP' }),
    RPC_REQUEST: (payload) => (methodOf(payload) === 'accounts' ? [AUTH_ADDRESS] : '31337'),
    IS_CONNECTED: () => ({ isConnected: true }),
  })
  const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a')])
  const latch = createLatch(
    {
      projectId: 'p',
      serverUrl: 'http://127.0.0.1:4000',
      networks: [devnetA],
      adapters: [fake.adapter],
    },
    {
      storage: createMemoryStorage(),
      authFrame: frame.authFrame,
      fetch: async () => new Response('unavailable', { status: 503 }),
      fetchProjectConfig: () => Promise.reject(new Error('offline')),
      clearBrowserData: async () => {},
    },
  )
  const view = () => selectRoute(latch.modal.getSnapshot()).view
  return { latch, frame, view }
}

/** Logs in by email as the views do (the update's views need the embedded wallet connected). */
async function logIn(latch: ReturnType<typeof setup>['latch']) {
  await latch.ready()
  latch.actor.send(startEmailLogin('ada@example.com'))
  await waitFor(latch.emailLogin!, (s) => s.matches('enteringCode'))
  latch.emailLogin!.send({ type: 'SUBMIT_CODE', otp: '123456' })
  await waitFor(latch.connection, (s) =>
    s.context.connections.some((c) => c.connectorId === AUTH_CONNECTOR_ID),
  )
}

describe('latch.open({ route }) on the embedded wallet’s views starts their flows', () => {
  it.each<[string, Route, 'enteringCode']>([
    ['EmailVerifyOtp', route('EmailVerifyOtp', { email: 'ada@example.com' }), 'enteringCode'],
    ['EmailVerifyDevice', route('EmailVerifyDevice', { email: 'ada@example.com' }), 'enteringCode'],
  ])('%s: the login for its address starts, and the frame sends the code', async (_, at, step) => {
    const { latch, frame } = setup()
    await latch.ready()
    latch.open({ route: at })
    expect(selectFlow(latch.actor.getSnapshot())).toBe('connectingEmail')
    await waitFor(latch.emailLogin!, (s) => s.matches(step))
    expect(frame.requests).toEqual(['CONNECT_EMAIL'])
    expect(latch.emailLogin!.getSnapshot().context.email).toBe('ada@example.com')
    latch.destroy()
  })

  it.each<[string, Route]>([
    ['UpdateEmailWallet', route('UpdateEmailWallet')],
    ['UpdateEmailPrimaryOtp', route('UpdateEmailPrimaryOtp', { email: 'ada@new.example' })],
    ['UpdateEmailSecondaryOtp', route('UpdateEmailSecondaryOtp', { email: 'ada@new.example' })],
  ])('%s: the email update starts (for its address, when it names one)', async (name, at) => {
    const { latch, frame } = setup()
    await logIn(latch)
    latch.open({ route: at })
    expect(selectFlow(latch.actor.getSnapshot())).toBe('updatingEmail')
    const update = latch.updateEmail!
    if (name === 'UpdateEmailWallet') {
      // The first view waits for the new address; the field's submit is the visitor's.
      expect(update.getSnapshot().matches('enteringEmail')).toBe(true)
      update.send({ type: 'SUBMIT_EMAIL', email: 'ada@new.example' })
    }
    await waitFor(update, (s) => s.matches('enteringPrimaryOtp'))
    expect(frame.requests.filter((request) => request === 'UPDATE_EMAIL')).toEqual(['UPDATE_EMAIL'])
    expect(update.getSnapshot().context.newEmail).toBe('ada@new.example')
    latch.destroy()
  })

  it('ApproveTransaction: the embedded wallet loads, and with nothing to approve the view is left', async () => {
    const { latch, frame, view } = setup()
    await latch.ready()
    latch.open({ route: route('Connect') })
    latch.modal.send({ type: 'PUSH', route: route('ApproveTransaction') })
    expect(selectFlow(latch.actor.getSnapshot())).toBe('approvingTransaction')
    await waitFor(latch.modal, () => view() === 'Connect')
    // The embedded wallet was loaded for it, though nothing was asked of its frame.
    await expect(latch.auth.loaded()).resolves.toBeDefined()
    expect(frame.requests).toEqual([])
    latch.destroy()
  })
})
