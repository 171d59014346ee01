import { describe, expect, it } from 'vitest'
import type { InspectionEvent } from 'xstate'
import { route, type Route } from '../router/routes.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { settle } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { directoryWallets } from '../testing/directory-service.js'
import { devnetA, devnetB } from '../testing/networks.js'
import { createLatch, type Latch } from './create-latch.js'

/*
 * Issue 39: what one open/close runs. The heap growth over 100 cycles (`pnpm bench`) is V8's
 * compiled code for what each open runs, so the work itself is counted here: the events the
 * instance's actors process and the snapshots they make, per cycle. The budgets are today's
 * counts; a change that adds work per open fails here and says where.
 */

const CYCLES = 5

/** One cycle's work: each event as `actor:EVENT`, and those that left their actor unchanged. */
interface Work {
  events: string[]
  unchanged: string[]
}

/** Opens at `at`, lets it settle, closes, and returns what the actors did meanwhile. */
async function cycle(
  latch: Latch,
  at: Route | undefined,
  last: Map<string, unknown>,
): Promise<Work> {
  const work: Work = { events: [], unchanged: [] }
  // Named by the system's id (`modal`, `walletList`…), the root as `root`; a run's actors have
  // none, and a new generated id each open, so they are all `run`.
  const name = (event: InspectionEvent) => {
    const ref = event.actorRef
    if (ref === latch.actor) return 'root'
    return ('systemId' in ref && typeof ref.systemId === 'string' && ref.systemId) || 'run'
  }
  const inspection = latch.actor.system.inspect((event) => {
    if (event.type === '@xstate.event') work.events.push(`${name(event)}:${event.event.type}`)
    if (event.type !== '@xstate.snapshot') return
    // Each snapshot is compared with its actor's last one, however many events ago.
    const key = event.actorRef.sessionId
    if (last.get(key) === event.snapshot) work.unchanged.push(`${name(event)}:${event.event.type}`)
    last.set(key, event.snapshot)
  })
  latch.open(at ? { route: at } : {})
  await settle()
  latch.close()
  await settle()
  inspection.unsubscribe()
  return work
}

/** A warm-up cycle (first loads, first caches), then CYCLES more: each must do the same work. */
async function steadyWork(latch: Latch, at: Route | undefined): Promise<Work> {
  // Each actor's last snapshot (by session id), across the cycles.
  const last = new Map<string, unknown>()
  await cycle(latch, at, last)
  const first = await cycle(latch, at, last)
  for (let n = 1; n < CYCLES; n++) expect(await cycle(latch, at, last)).toEqual(first)
  return first
}

function instance() {
  const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a')])
  return createLatch(
    { projectId: 'work', networks: [devnetA, devnetB], adapters: [fake.adapter] },
    {
      storage: createMemoryStorage(),
      clearBrowserData: async () => {},
      directory: { wallets: directoryWallets(3) },
    },
  )
}

describe('one open/close runs the same small work every time', () => {
  it('on Connect: the modal opens and closes, the route is reported, and nothing else', async () => {
    const latch = instance()
    await latch.ready()
    const work = await steadyWork(latch, undefined)
    // The list loaded at the first open stays: an open asks nothing of it (the keeper still
    // hears that Connect shows, which is how a failed load is tried again).
    expect(work.events).toEqual([
      'modal:OPEN',
      'walletList:LOAD',
      'root:ROUTE_SHOWN',
      'modal:CLOSE',
      'root:ROUTE_SHOWN',
    ])
    expect(work.unchanged).toEqual(['walletList:LOAD'])
    latch.destroy()
  })

  it('on Account while connected: its run starts and ends, the tabs are read once', async () => {
    const latch = instance()
    await latch.connect({ connectorId: 'io.dev.a' })
    await settle()
    const work = await steadyWork(latch, route('Account'))
    expect(work.events).toEqual([
      'modal:OPEN',
      'root:ROUTE_SHOWN',
      // Account's run: its machine and the tab reader it spawns.
      'account:xstate.init',
      'run:xstate.init',
      // The tabs' data is read while they show (SPEC §4's caches answer it), and the balance
      // goes to the connection, once.
      'accountData:SHOW',
      'balance:READ',
      'root:balance.accountData',
      'connection:ACCOUNT_DATA_UPDATED',
      'modal:CLOSE',
      'root:ROUTE_SHOWN',
      'account:END',
      'accountData:HIDE',
    ])
    // The root relays the balance to the connection (orchestration: its own state is unchanged),
    // and END reaches a run that has nothing to release before it is stopped.
    expect(work.unchanged).toEqual(['root:balance.accountData', 'account:END'])
    latch.destroy()
  })
})
