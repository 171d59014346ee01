import { FrameError } from '@latch/frame'
import { createActor, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../storage/memory-storage.js'
import { createLatchStorage } from '../../storage/latch-storage.js'
import { deferred, flush } from '../../test/deferred.js'
import { emailLoginMachine } from './email-login.machine.js'
import type { ConnectEmailAction, EmailLoginEmitted } from './email-login.types.js'

/** A login machine on a memory store with a clock the test moves, and a scripted frame. */
function start(
  script: {
    action?: ConnectEmailAction
    emailError?: unknown
    otpError?: unknown
    device?: Promise<void>
  } = {},
) {
  const storage = createLatchStorage({ port: createMemoryStorage() })
  let time = 1_000_000
  const calls: string[] = []
  const emitted: EmailLoginEmitted[] = []
  const machine = emailLoginMachine.provide({
    actors: {
      connectEmail: fromPromise(async ({ input }) => {
        calls.push(`CONNECT_EMAIL ${input.email}`)
        if (script.emailError) throw script.emailError
        return { action: script.action ?? 'VERIFY_OTP' }
      }),
      connectDevice: fromPromise(async () => {
        calls.push('CONNECT_DEVICE')
        await script.device
      }),
      connectOtp: fromPromise(async ({ input }) => {
        calls.push(`CONNECT_OTP ${input.otp}`)
        if (script.otpError) throw script.otpError
      }),
    },
  })
  const actor = createActor(machine, { input: { storage, now: () => time } })
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  return {
    actor,
    storage,
    calls,
    emitted,
    advance: (ms: number) => {
      time += ms
    },
  }
}

describe('email login machine (SPEC §4)', () => {
  it('logs in with a code: email → code → connected, storing the login', async () => {
    const { actor, storage, calls, emitted } = start()
    actor.send({ type: 'SUBMIT_EMAIL', email: '  Ada@Example.com ' })
    await flush()
    expect(actor.getSnapshot().value).toBe('enteringCode')
    expect(emitted).toContainEqual({ type: 'awaiting', step: 'otp', email: 'ada@example.com' })
    actor.send({ type: 'SUBMIT_CODE', otp: '123456' })
    await flush()
    expect(actor.getSnapshot().status).toBe('done')
    expect(calls).toEqual(['CONNECT_EMAIL ada@example.com', 'CONNECT_OTP 123456'])
    expect(emitted.at(-1)).toEqual({ type: 'loggedIn', email: 'ada@example.com' })
    expect(storage.get('email')).toBe('ada@example.com')
    expect(storage.get('emailLoginUsed')).toBe(true)
    expect(storage.get('lastEmailLoginTime')).toBeUndefined()
  })

  it('verifies a new device first, then asks for the code', async () => {
    const approval = deferred<void>()
    const { actor, emitted } = start({ action: 'VERIFY_DEVICE', device: approval.promise })
    actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.com' })
    await flush()
    expect(actor.getSnapshot().value).toBe('verifyingDevice')
    expect(emitted).toContainEqual({ type: 'awaiting', step: 'device', email: 'ada@example.com' })
    approval.resolve()
    await flush()
    expect(actor.getSnapshot().value).toBe('enteringCode')
  })

  it('connects at once when the frame already holds a session (CONNECT)', async () => {
    const { actor, calls } = start({ action: 'CONNECT' })
    actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.com' })
    await flush()
    expect(actor.getSnapshot().value).toBe('connected')
    expect(calls).toEqual(['CONNECT_EMAIL ada@example.com'])
  })

  it("refuses a malformed email with 'Invalid email', asking the frame nothing", () => {
    const { actor, calls } = start()
    actor.send({ type: 'SUBMIT_EMAIL', email: 'not-an-email' })
    expect(actor.getSnapshot().value).toBe('enteringEmail')
    expect(actor.getSnapshot().context.error?.message).toBe('Invalid email')
    expect(calls).toEqual([])
  })

  it("throttles a second login within 30 s: 'Please try again after N seconds'", async () => {
    const { actor, storage, advance } = start({
      emailError: new FrameError('remote', { remoteMessage: 'No mail' }),
    })
    actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.com' })
    await flush()
    expect(actor.getSnapshot().context.error?.message).toBe('No mail')
    advance(12_000)
    actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.com' })
    expect(actor.getSnapshot().context.error?.message).toBe('Please try again after 18 seconds')
    expect(storage.get('lastEmailLoginTime')).toBe(1_000_000)
  })

  it('resends the code only after the cooldown', async () => {
    const { actor, calls, advance } = start()
    actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.com' })
    await flush()
    expect(actor.getSnapshot().context.resendAt).toBe(1_030_000)
    actor.send({ type: 'RESEND' })
    expect(actor.getSnapshot().context.error?.code).toBe('EMAIL_LOGIN_TOO_EARLY')
    advance(30_000)
    actor.send({ type: 'RESEND' })
    await flush()
    expect(actor.getSnapshot().value).toBe('enteringCode')
    expect(actor.getSnapshot().context.error).toBeUndefined()
    expect(calls.filter((call) => call.startsWith('CONNECT_EMAIL'))).toHaveLength(2)
  })

  it("keeps the code view with the frame's message after a wrong code", async () => {
    const { actor } = start({
      otpError: new FrameError('remote', { remoteMessage: 'Invalid code' }),
    })
    actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.com' })
    await flush()
    actor.send({ type: 'SUBMIT_CODE', otp: '000000' })
    await flush()
    expect(actor.getSnapshot().value).toBe('enteringCode')
    expect(actor.getSnapshot().context.error?.message).toBe('Invalid code')
  })

  it('refuses a code that is not six digits without asking the frame', async () => {
    const { actor, calls } = start()
    actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.com' })
    await flush()
    actor.send({ type: 'SUBMIT_CODE', otp: '12a' })
    expect(actor.getSnapshot().value).toBe('enteringCode')
    expect(calls).toEqual(['CONNECT_EMAIL ada@example.com'])
  })

  it.each([
    ['iframe_request_timeout', 'Embedded Wallet Request Timed Out'],
    ['iframe_load_failed', 'Network Error - Could not load embedded wallet'],
    ['frame_not_set', 'W3mFrame: iframe is not set'],
    ['aborted', 'Something went wrong'],
  ] as const)('shows SPEC §8 text for a %s failure', async (kind, text) => {
    const { actor } = start({ emailError: new FrameError(kind, { event: 'CONNECT_EMAIL' }) })
    actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.com' })
    await flush()
    expect(actor.getSnapshot().value).toBe('enteringEmail')
    expect(actor.getSnapshot().context.error?.message).toBe(text)
  })

  it('goes back to the email field to fix a typo', async () => {
    const { actor } = start()
    actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.com' })
    await flush()
    actor.send({ type: 'EDIT_EMAIL' })
    expect(actor.getSnapshot().value).toBe('enteringEmail')
  })
})
