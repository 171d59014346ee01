// What the social and Farcaster tests share about a login the frame polls for: fast timings,
// a server clock a test can move, and the check that an abort stops the polling.
import { expect } from 'vitest'
import type { SocialTimings } from './world.js'

/** Fast polling, so a test waits tens of milliseconds where a visitor waits a second. */
export const FAST: SocialTimings = { pollMs: 20 }

/** A server clock a test can move: a flow's life passes without waiting for it. */
export interface MovableClock {
  /** The server's `now`. */
  now(): number
  /**
   * Runs `start` with the clock `before` ms off, then `check` with it `after` ms off, then puts
   * it back.
   */
  shifted(
    before: number,
    start: () => Promise<unknown>,
    after: number,
    check: () => Promise<unknown>,
  ): Promise<void>
}

export function movableClock(): MovableClock {
  let skew = 0
  return {
    now: () => Date.now() + skew,
    async shifted(before, start, after, check) {
      skew = before
      try {
        await start()
        skew = after
        await check()
      } finally {
        skew = 0
      }
    },
  }
}

/**
 * Aborts a connect under way once it polled, and checks that it rejects and polls no more.
 * `calls` counts the result calls made so far.
 */
export async function expectAbortStopsPolling(
  controller: AbortController,
  connecting: Promise<unknown>,
  calls: () => number,
): Promise<void> {
  const before = calls()
  await expect.poll(calls).toBeGreaterThan(before + 1)
  controller.abort()
  await expect(connecting).rejects.toThrow()
  const stopped = calls()
  await new Promise((resolve) => setTimeout(resolve, 10 * (FAST.pollMs ?? 0)))
  expect(calls()).toBe(stopped)
}
