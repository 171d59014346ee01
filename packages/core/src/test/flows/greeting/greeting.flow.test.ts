import { describe, expect, it } from 'vitest'
import type { InspectionEvent } from 'xstate'
import { builtInFlows } from '../../../flows/list.js'
import { createLatch } from '../../../latch/create-latch.js'
import { selectFlow } from '../../../latch/root-selectors.js'
import { route } from '../../../router/routes.js'
import { createMemoryStorage } from '../../../storage/memory-storage.js'
import { createFakeAdapter, fakeWallet } from '../../fake-adapter.js'
import { devnetA } from '../../../testing/networks.js'
import { greetingFlow } from './greeting.flow.js'
import { greetingOf } from './greeting.machine.js'

/*
 * Adding a flow is a folder and one entry in a list (ARCHITECTURE.md): this folder is the whole
 * greeting flow (its descriptor, its run's machine, its runtime part, its view declared), and
 * the list below is its one entry. Nothing else in core knows of it, and createLatch runs it.
 */

/** The built-in flows, and the greeting one after them: the one line a new flow adds. */
const flows = builtInFlows.add(greetingFlow)

/** An instance running `flows`, its actor system watched by an inspector. */
function instance() {
  const seen: InspectionEvent[] = []
  const latch = createLatch(
    {
      projectId: 'p',
      networks: [devnetA],
      adapters: [createFakeAdapter('eip155', [fakeWallet('io.dev.a')]).adapter],
    },
    {
      flows,
      storage: createMemoryStorage(),
      clearBrowserData: async () => {},
      inspect: (event) => seen.push(event),
    },
  )
  /** Whether the inspector saw the actor registered as `systemId` now come into being. */
  const inspected = (systemId: string) => {
    const actor = latch.actor.system.get(systemId)
    return !!actor && seen.some((e) => e.type === '@xstate.actor' && e.actorRef === actor)
  }
  return { latch, seen, inspected }
}

describe('a flow added with one folder and one list entry', () => {
  it('runs while its view is on show: the root starts it, tells it RETRY, and ends it', async () => {
    const { latch } = instance()
    await latch.ready()
    latch.open({ route: route('Greeting', { name: 'Ada' }) })
    expect(selectFlow(latch.actor.getSnapshot())).toBe('greeting')
    const run = latch.greeting
    if (!run) throw new Error('no run')
    const said: string[] = []
    let ended = false
    run.on('greeted', ({ text }) => said.push(text))
    run.on('ended', () => (ended = true))
    expect(run.getSnapshot().context).toMatchObject({ name: 'Ada', greetings: 1 })

    latch.actor.send({ type: 'RETRY' })
    expect(said).toEqual([greetingOf('Ada')])

    // Another route of its own with another key is another run; closing ends it.
    latch.modal.send({ type: 'REPLACE', route: route('Greeting', { name: 'Bob' }) })
    expect(ended).toBe(true)
    expect(run.getSnapshot().status).toBe('stopped')
    const next = latch.greeting
    expect(next?.getSnapshot().context.name).toBe('Bob')
    latch.close()
    expect(selectFlow(latch.actor.getSnapshot())).toBeUndefined()
    expect(next?.getSnapshot().status).toBe('stopped')
    latch.destroy()
  })

  it('adds its host method to the instance, typed, which starts a run without its view', async () => {
    const { latch } = instance()
    await expect(latch.greet('Grace')).resolves.toBe(greetingOf('Grace'))
    expect(selectFlow(latch.actor.getSnapshot())).toBe('greeting')
    latch.destroy()
  })

  it('is one actor system: the inspector sees the run, as it sees every flow’s actors', async () => {
    const { latch, inspected } = instance()
    await latch.ready()
    // The root's readers and the flows' instance-long actors, spawned when it ran.
    for (const systemId of ['balance', 'identity', 'walletList', 'sendForm', 'approvals'])
      expect(inspected(systemId), systemId).toBe(true)
    latch.open({ route: route('Greeting', { name: 'Ada' }) })
    const first = latch.actor.system.get('greeting')
    expect(inspected('greeting')).toBe(true)
    latch.close()
    expect(latch.actor.system.get('greeting')).toBeUndefined()
    latch.open({ route: route('Greeting', { name: 'Ada' }) })
    expect(inspected('greeting')).toBe(true)
    expect(latch.actor.system.get('greeting')).not.toBe(first)
    latch.destroy()
  })

  it('leaves the built-in list as it was: an instance without it has no such view', async () => {
    const latch = createLatch(
      { projectId: 'p', networks: [devnetA] },
      { storage: createMemoryStorage(), clearBrowserData: async () => {} },
    )
    await latch.ready()
    expect(builtInFlows.modules).not.toContain(greetingFlow)
    latch.open({ route: route('Greeting', { name: 'Ada' }) })
    expect(selectFlow(latch.actor.getSnapshot())).toBeUndefined()
    latch.destroy()
  })
})
