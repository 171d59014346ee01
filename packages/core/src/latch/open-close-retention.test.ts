import { describe, expect, it } from 'vitest'
import type { AnyActorRef } from 'xstate'
import { selectModalState, selectRoute } from '../machines/modal.selectors.js'
import { route, type Route } from '../router/routes.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { settle } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { createFakeWalletConnect } from '../test/fake-walletconnect.js'
import { devnetA, devnetB } from '../testing/networks.js'
import { createPromptAdapter } from '../test/prompt-adapter.js'
import { watchSubscriptions, type SubscriptionWatch } from '../testing/actor-subscriptions.js'
import { createLatch, type Latch } from './create-latch.js'

/*
 * Issue 16: what one open sets up in core, its close takes down. Counts, not timings or bytes:
 * an actor, a subscription, a history or toast entry, or any array or key one open leaves in a
 * machine's context shows here as a count that grows with the number of opens. (The heap
 * growth `pnpm bench` prints is mostly V8's compiled code: see apps/minimal-host/bench.)
 */

const CYCLES = 12

/** Every actor under `actor`, itself included, by `id` path: spawned and invoked alike. */
function actorTree(actor: AnyActorRef, path = actor.id): string[] {
  const children: Record<string, AnyActorRef | undefined> = actor.getSnapshot().children ?? {}
  return [
    path,
    ...Object.entries(children).flatMap(([id, child]) =>
      child ? actorTree(child, `${path}/${id}`) : [],
    ),
  ].sort()
}

/**
 * The number of array elements and object keys in a machine's context, recursively: a queue,
 * a history, a cache or a map that one open adds to shows here. Actor refs are counted as one
 * entry (their own contexts are walked as actors), functions and class instances as leaves.
 */
function entries(value: unknown, seen = new Set<unknown>()): number {
  if (typeof value !== 'object' || value === null || seen.has(value)) return 0
  seen.add(value)
  if ('sessionId' in value && 'send' in value) return 0
  if (Array.isArray(value)) return value.reduce<number>((n, item) => n + 1 + entries(item, seen), 0)
  if (Object.getPrototypeOf(value) !== Object.prototype) return 0
  return Object.values(value).reduce<number>((n, item) => n + 1 + entries(item, seen), 0)
}

/** Each actor of the tree: the entries its context holds. */
function contextEntries(actor: AnyActorRef): Record<string, number> {
  const out: Record<string, number> = {}
  const visit = (ref: AnyActorRef, path: string) => {
    const snapshot = ref.getSnapshot()
    if ('context' in snapshot) out[path] = entries(snapshot.context)
    const children: Record<string, AnyActorRef | undefined> = snapshot.children ?? {}
    for (const [id, child] of Object.entries(children)) if (child) visit(child, `${path}/${id}`)
  }
  visit(actor, actor.id)
  return out
}

/** The root and every child a started instance keeps for its lifetime. */
function longLived(latch: Latch): AnyActorRef[] {
  const { sendForm, pendingTransactions, socialLogin, farcasterLogin } = latch
  const optional = [sendForm, pendingTransactions, socialLogin, farcasterLogin]
  return [
    latch.actor,
    latch.connection,
    latch.network,
    latch.modal,
    latch.toast,
    latch.walletConnect,
    latch.accountData,
    ...optional.filter((actor): actor is NonNullable<typeof actor> => actor !== undefined),
  ]
}

/** Opens at `at` (the default view when undefined), lets the view's flow run, closes. */
async function openAndClose(latch: Latch, at: Route | undefined) {
  latch.open(at ? { route: at } : {})
  await settle()
  expect(selectModalState(latch.modal.getSnapshot()).open).toBe(true)
  // The view asked for is the one on show (its flow, if any, runs).
  expect(selectRoute(latch.modal.getSnapshot()).view).toBe(at?.view ?? 'Connect')
  latch.close()
  await settle()
  expect(selectModalState(latch.modal.getSnapshot()).open).toBe(false)
}

/** Everything that must be the same after one cycle and after many. */
function footprint(latch: Latch, subscriptions: SubscriptionWatch) {
  const modal = latch.modal.getSnapshot().context
  return {
    actors: actorTree(latch.actor),
    systemActors: Object.keys(latch.actor.system.getAll()).sort(),
    subscriptions: subscriptions.live(),
    contexts: contextEntries(latch.actor),
    history: modal.history.length,
    toasts: latch.toast.getSnapshot().context,
    alerts: latch.getAlerts().length,
  }
}

/**
 * Opens and closes at `at` once (warm-up), then CYCLES times; the footprints must match. Also
 * says how many actors each later open created (and, the footprint shows, stopped again).
 */
async function expectLevel(latch: Latch, at: Route | undefined) {
  const subscriptions = watchSubscriptions(longLived(latch))
  let created = 0
  let starts = 0
  const inspection = latch.actor.system.inspect((event) => {
    if (event.type === '@xstate.actor') created++
    if (event.type === '@xstate.event' && event.event.type === 'START') starts++
  })
  await openAndClose(latch, at)
  const before = footprint(latch, subscriptions)
  const createdByFirst = created
  for (let cycle = 0; cycle < CYCLES; cycle++) await openAndClose(latch, at)
  expect(footprint(latch, subscriptions)).toEqual(before)
  inspection.unsubscribe()
  subscriptions.restore()
  return { createdPerOpen: (created - createdByFirst) / CYCLES, starts }
}

function plainInstance() {
  const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a')])
  const wc = createFakeWalletConnect()
  const latch = createLatch(
    {
      projectId: 'retention',
      networks: [devnetA, devnetB],
      adapters: [fake.adapter],
      walletConnect: {
        relayUrl: 'ws://127.0.0.1:1/',
        verifyUrl: 'http://127.0.0.1:1',
        load: wc.loader,
      },
    },
    { storage: createMemoryStorage(), clearBrowserData: async () => {} },
  )
  return { latch, fake, wc }
}

describe('open/close leaves nothing behind in core', () => {
  it('on the Connect view: no actor, subscription or context entry per open, none created', async () => {
    const { latch } = plainInstance()
    await latch.ready()
    const { createdPerOpen, starts } = await expectLevel(latch, undefined)
    // The Connect view starts no flow: an open is a modal transition and a route report.
    expect(createdPerOpen).toBe(0)
    // `open()` starts an instance that is not running yet; this one is, so no START is sent.
    expect(starts).toBe(0)
    latch.destroy()
  })

  it.each([
    ['AllWallets', route('AllWallets')],
    ['Networks', route('Networks')],
  ])('on %s', async (_name, at) => {
    const { latch } = plainInstance()
    await latch.ready()
    await expectLevel(latch, at)
    latch.destroy()
  })

  it('on ConnectingWalletConnect: each open pairs, and each close stops the pairing', async () => {
    const { latch, wc } = plainInstance()
    await latch.ready()
    const { createdPerOpen } = await expectLevel(latch, route('ConnectingWalletConnect', {}))
    // The flow ran: it invoked its pairing every time, and none of it outlived the close.
    expect(createdPerOpen).toBeGreaterThan(0)
    expect(wc.pairings).toHaveLength(CYCLES + 1)
    latch.destroy()
  })

  it('on ConnectingExternal, closed while the wallet is still asked', async () => {
    const wallets = createPromptAdapter(['io.dev.p'])
    const latch = createLatch(
      { projectId: 'retention', networks: [devnetA], adapters: [wallets.adapter] },
      { storage: createMemoryStorage(), clearBrowserData: async () => {} },
    )
    await latch.ready()
    const at = route('ConnectingExternal', { connectorId: 'io.dev.p' })
    const { createdPerOpen } = await expectLevel(latch, at)
    expect(createdPerOpen).toBeGreaterThan(0)
    // Each open asked the wallet once, and each close gave up on it.
    const asked = wallets.prompts.filter((prompt) => prompt.kind === 'connect')
    expect(asked).toHaveLength(CYCLES + 1)
    expect(asked.every((prompt) => prompt.signal?.aborted)).toBe(true)
    latch.destroy()
  })

  it.each([
    ['Account (its tabs read while on show)', route('Account')],
    ['Send (its form checked while on show)', route('Send')],
    ['Receive', route('Receive')],
    ['Networks', route('Networks')],
  ])('on %s while connected', async (_name, at) => {
    const { latch } = plainInstance()
    await latch.connect({ connectorId: 'io.dev.a' })
    await settle()
    await expectLevel(latch, at)
    latch.destroy()
  })
})
