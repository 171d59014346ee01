import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { TOAST_DURATION_MS, TOAST_REPLACE_DELAY_MS, toastMachine } from './toast.machine.js'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const shown = (actor: ReturnType<typeof createActor<typeof toastMachine>>) =>
  actor.getSnapshot().context.toast

describe('toast machine', () => {
  it('shows a toast at once when none is open', () => {
    const actor = createActor(toastMachine).start()
    actor.send({ type: 'SHOW', toast: { message: 'Copied', variant: 'success' } })
    expect(shown(actor)).toEqual({ message: 'Copied', variant: 'success' })
  })

  it('closes an open toast and shows the new one 150 ms later', () => {
    const actor = createActor(toastMachine).start()
    actor.send({ type: 'SHOW', toast: { message: 'first', variant: 'info' } })
    actor.send({ type: 'SHOW', toast: { message: 'second', variant: 'error' } })
    expect(shown(actor)).toBeUndefined()
    vi.advanceTimersByTime(TOAST_REPLACE_DELAY_MS - 1)
    expect(shown(actor)).toBeUndefined()
    vi.advanceTimersByTime(1)
    expect(shown(actor)?.message).toBe('second')
    expect(TOAST_REPLACE_DELAY_MS).toBe(150)
  })

  it('only the latest of several quick toasts is shown', () => {
    const actor = createActor(toastMachine).start()
    actor.send({ type: 'SHOW', toast: { message: 'a', variant: 'info' } })
    actor.send({ type: 'SHOW', toast: { message: 'b', variant: 'info' } })
    actor.send({ type: 'SHOW', toast: { message: 'c', variant: 'info' } })
    vi.advanceTimersByTime(TOAST_REPLACE_DELAY_MS)
    expect(shown(actor)?.message).toBe('c')
  })

  it('dismisses itself after its duration, but a loading toast stays', () => {
    const actor = createActor(toastMachine).start()
    actor.send({ type: 'SHOW', toast: { message: 'done', variant: 'success' } })
    vi.advanceTimersByTime(TOAST_DURATION_MS)
    expect(shown(actor)).toBeUndefined()
    actor.send({ type: 'SHOW', toast: { message: 'waiting', variant: 'loading' } })
    vi.advanceTimersByTime(TOAST_DURATION_MS * 4)
    expect(shown(actor)?.message).toBe('waiting')
  })

  it('HIDE closes the toast and drops a queued one', () => {
    const actor = createActor(toastMachine).start()
    actor.send({ type: 'SHOW', toast: { message: 'a', variant: 'info' } })
    actor.send({ type: 'SHOW', toast: { message: 'b', variant: 'info' } })
    actor.send({ type: 'HIDE' })
    vi.advanceTimersByTime(TOAST_REPLACE_DELAY_MS)
    expect(shown(actor)).toBeUndefined()
  })
})
