import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { axeLog } from './axe.js'
import { startStack, type Stack, type StackOptions } from './harness.js'

/** What a describe block adds around {@link useStack}'s lifecycle. */
export interface StackHooks {
  /** Once the stack is up, before the block's first test (funding an account, a relay down…). */
  started?(stack: Stack): Promise<unknown>
  /** After each test's fresh page has opened (a wallet paired for this test…). */
  beforeEach?(stack: Stack): Promise<unknown>
  /** After each test, before its checks (closing what `beforeEach` started…). */
  afterEach?(stack: Stack): Promise<unknown>
  /** Also expect, after each test, no request to any host but 127.0.0.1 (and the page's own). */
  localOnly?: boolean
}

/** The axe log of the current test: each test starts a new one. */
export type AxeLog = ReturnType<typeof axeLog>

/**
 * One stack for a describe block, each test on a fresh page: the stack starts before the
 * block's tests and is closed after them; before each test a new axe log starts and
 * {@link Stack.freshPage} opens the page; after each, the page must have thrown no uncaught
 * error (and, with `localOnly`, fetched nothing beyond 127.0.0.1).
 *
 * The returned `stack` and `axe` stand for the current ones: read them inside hooks and tests.
 */
export function useStack(
  options: StackOptions,
  hooks: StackHooks = {},
): { stack: Stack; axe: AxeLog } {
  let started: Stack | undefined
  let log: AxeLog = axeLog()
  const current = (): Stack => {
    if (!started) throw new Error('The stack starts in beforeAll: use it inside hooks and tests.')
    return started
  }

  beforeAll(async () => {
    started = await startStack(options)
    await hooks.started?.(started)
  })
  afterAll(() => started?.close())
  beforeEach(async () => {
    log = axeLog()
    await current().freshPage()
    await hooks.beforeEach?.(current())
  })
  afterEach(async () => {
    await hooks.afterEach?.(current())
    expect(current().pageErrors).toEqual([])
    if (hooks.localOnly) expect(current().outsideRequests).toEqual([])
  })

  const stack: Stack = {
    get devnet() {
      return current().devnet
    },
    get chains() {
      return current().chains
    },
    get unconfigured() {
      return current().unconfigured
    },
    get page(): Page {
      return current().page
    },
    get url() {
      return current().url
    },
    get pageErrors() {
      return current().pageErrors
    },
    freshPage: () => current().freshPage(),
    get outsideRequests() {
      return current().outsideRequests
    },
    get relay() {
      return current().relay
    },
    get latchServer() {
      return current().latchServer
    },
    get solana() {
      return current().solana
    },
    get bitcoin() {
      return current().bitcoin
    },
    close: () => current().close(),
  }
  const axe: AxeLog = {
    get views() {
      return log.views
    },
    check: (page, where) => log.check(page, where),
    expectClean: () => log.expectClean(),
  }
  return { stack, axe }
}
