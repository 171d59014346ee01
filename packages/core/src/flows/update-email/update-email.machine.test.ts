import { FrameError } from '@latch/frame'
import { createActor, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../storage/memory-storage.js'
import { createLatchStorage } from '../../storage/latch-storage.js'
import { flush } from '../../test/deferred.js'
import { updateEmailMachine, type UpdateEmailEmitted } from './update-email.machine.js'

function start(primaryError?: unknown) {
  const storage = createLatchStorage({ port: createMemoryStorage() })
  storage.set('email', 'old@example.com')
  const calls: string[] = []
  const emitted: UpdateEmailEmitted[] = []
  const machine = updateEmailMachine.provide({
    actors: {
      updateEmail: fromPromise(async ({ input }) => {
        calls.push(`UPDATE_EMAIL ${input.email}`)
        return { action: 'VERIFY_PRIMARY_OTP' as const }
      }),
      verifyPrimary: fromPromise(async ({ input }) => {
        calls.push(`PRIMARY ${input.otp}`)
        if (primaryError) throw primaryError
      }),
      verifySecondary: fromPromise(async ({ input }) => {
        calls.push(`SECONDARY ${input.otp}`)
        return { newEmail: 'new@example.com' }
      }),
    },
  })
  const actor = createActor(machine, { input: { storage } })
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  return { actor, storage, calls, emitted }
}

describe('update email machine (SPEC §4)', () => {
  it('moves the login: primary code to the old address, secondary to the new, then stores it', async () => {
    const { actor, storage, calls, emitted } = start()
    actor.send({ type: 'SUBMIT_EMAIL', email: 'New@Example.com' })
    await flush()
    expect(actor.getSnapshot().value).toBe('enteringPrimaryOtp')
    actor.send({ type: 'SUBMIT_CODE', otp: '111111' })
    await flush()
    expect(actor.getSnapshot().value).toBe('enteringSecondaryOtp')
    expect(storage.get('email')).toBe('old@example.com')
    actor.send({ type: 'SUBMIT_CODE', otp: '222222' })
    await flush()
    expect(actor.getSnapshot().status).toBe('done')
    expect(calls).toEqual(['UPDATE_EMAIL new@example.com', 'PRIMARY 111111', 'SECONDARY 222222'])
    expect(storage.get('email')).toBe('new@example.com')
    expect(emitted.map((event) => event.type)).toEqual(['awaiting', 'awaiting', 'emailUpdated'])
  })

  it("refuses a malformed address with 'Invalid email'", () => {
    const { actor, calls } = start()
    actor.send({ type: 'SUBMIT_EMAIL', email: 'nope' })
    expect(actor.getSnapshot().context.error?.message).toBe('Invalid email')
    expect(calls).toEqual([])
  })

  it('stays on the primary step with the frame message after a wrong code', async () => {
    const { actor, storage } = start(new FrameError('remote', { remoteMessage: 'Invalid code' }))
    actor.send({ type: 'SUBMIT_EMAIL', email: 'new@example.com' })
    await flush()
    actor.send({ type: 'SUBMIT_CODE', otp: '999999' })
    await flush()
    expect(actor.getSnapshot().value).toBe('enteringPrimaryOtp')
    expect(actor.getSnapshot().context.error?.message).toBe('Invalid code')
    expect(storage.get('email')).toBe('old@example.com')
  })
})
