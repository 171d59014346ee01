import { expect, vi } from 'vitest'

/** The outcome of a host's promise, once it settled (read it after the clock moved). */
export function outcomeOf<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: unknown; settled: boolean } = { settled: false }
  promise.then(
    (value) => Object.assign(outcome, { value, settled: true }),
    (error: unknown) => Object.assign(outcome, { error, settled: true }),
  )
  return outcome
}

/** Lets the promise callbacks and zero-delay timers run (fake timers on). */
export async function settleTimers(): Promise<void> {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0)
}

/** Waits until a flow reached `step` (its first run loads the auth chunk: real time). */
export async function untilStep(
  view: () => { step: string } | undefined,
  step: string,
): Promise<void> {
  await vi.waitFor(() => expect(view()?.step).toBe(step))
}
