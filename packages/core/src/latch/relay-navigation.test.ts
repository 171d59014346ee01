import { describe, expect, it } from 'vitest'
import { selectRoute } from '../machines/modal.selectors.js'
import { selectActiveNetwork } from '../machines/network-rules.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { devnetA, devnetB } from '../testing/networks.js'
import { createPromptAdapter } from '../test/prompt-adapter.js'
import { createLatch } from './create-latch.js'

function notStarted() {
  const wallets = createPromptAdapter(['io.relay.a'])
  return createLatch(
    { projectId: 'p', networks: [devnetA, devnetB], adapters: [wallets.adapter] },
    { storage: createMemoryStorage(), clearBrowserData: async () => {} },
  )
}

describe("the network's navigation, before the instance runs", () => {
  it('a network chosen in a view shown before START opens SwitchNetwork, selected once it runs', async () => {
    const latch = notStarted()
    latch.modal.send({ type: 'OPEN', route: { view: 'Networks' } })
    latch.network.send({ type: 'SWITCH_NETWORK', network: devnetB })
    expect(latch.actor.getSnapshot().matches('idle')).toBe(true)
    expect(selectRoute(latch.modal.getSnapshot())?.view).toBe('SwitchNetwork')

    await latch.ready()
    // No wallet to ask: showing SwitchNetwork selects the network (SPEC §2) and goes back.
    await expect.poll(() => selectActiveNetwork(latch.network.getSnapshot())).toEqual(devnetB)
    expect(selectRoute(latch.modal.getSnapshot())?.view).toBe('Networks')
    latch.destroy()
  })
})
