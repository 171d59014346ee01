import { afterEach, describe, expect, it, vi } from 'vitest'
import { selectRoute } from '../machines/modal.selectors.js'
import { route } from '../router/routes.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { createFakeAdapter, fakeWallet, type FakeWallet } from '../test/fake-adapter.js'
import { devnetA, devnetB } from '../testing/networks.js'
import { createPromptAdapter } from '../test/prompt-adapter.js'
import { createLatch } from './create-latch.js'
import { selectConnectFlowPhase, selectFlow } from './root-selectors.js'
import { builtInFlows } from '../flows/list.js'
import { ASYNC_INJECTION_WAIT_MS } from '../flows/connect-external/injection-wait.js'
import { flowOfRoute } from './run-wiring.js'

/*
 * Core starts the flow a route implies (route-flows.ts), so a host without any view gets the
 * same behaviour as a React host: these tests render nothing and send no confirmation by hand.
 */

async function settle() {
  for (let i = 0; i < 6; i++) await vi.advanceTimersByTimeAsync(0)
}

function setup(wallets: FakeWallet[] = [fakeWallet('io.dev.a')]) {
  const fake = createFakeAdapter('eip155', wallets)
  const latch = createLatch(
    { projectId: 'p', networks: [devnetA, devnetB], adapters: [fake.adapter] },
    { storage: createMemoryStorage(), clearBrowserData: async () => {} },
  )
  latch.start()
  const view = () => selectRoute(latch.modal.getSnapshot()).view
  const isOpen = () => latch.modal.getSnapshot().matches({ visibility: 'open' })
  return { latch, fake, view, isOpen }
}

/** An instance whose one wallet (`io.dev.p`) waits for the test to answer each prompt. */
function promptLatch() {
  const wallets = createPromptAdapter(['io.dev.p'])
  const latch = createLatch(
    { projectId: 'p', networks: [devnetA, devnetB], adapters: [wallets.adapter] },
    { storage: createMemoryStorage(), clearBrowserData: async () => {} },
  )
  latch.start()
  return { wallets, latch }
}

describe('route flows: the table', () => {
  it('names a flow for exactly the views that start one', () => {
    expect(builtInFlows.table()).toEqual({
      Connect: 'choosingWallet',
      AllWallets: 'browsingWallets',
      ConnectingExternal: 'connectingExternal',
      SwitchNetwork: 'switchingNetwork',
      ConnectingWalletConnect: 'pairing',
      ConnectingWalletConnectBasic: 'pairing',
      Account: 'account',
      Send: 'sending',
      ConnectingSocial: 'connectingSocial',
      ConnectingFarcaster: 'connectingFarcaster',
      // The email login, the email update and the approval are flows too (issue 28).
      EmailVerifyOtp: 'connectingEmail',
      EmailVerifyDevice: 'connectingEmail',
      UpdateEmailWallet: 'updatingEmail',
      UpdateEmailPrimaryOtp: 'updatingEmail',
      UpdateEmailSecondaryOtp: 'updatingEmail',
      ApproveTransaction: 'approvingTransaction',
      SIWXSignMessage: 'signingIn',
    })
    expect(flowOfRoute(builtInFlows, { view: 'Receive' })).toBeUndefined()
    expect(flowOfRoute(builtInFlows, { view: 'Networks' })).toBeUndefined()
    expect(flowOfRoute(builtInFlows, undefined)).toBeUndefined()
  })
})

describe('route flows: ConnectingExternal', () => {
  afterEach(() => vi.useRealTimers())

  it('waits 1 s for a wallet the host named, then says it is not there; asks it once it appears', async () => {
    vi.useFakeTimers()
    const late = fakeWallet('io.dev.late')
    const { latch, fake } = setup([])
    latch.open({ route: route('ConnectingExternal', { connectorId: 'io.dev.late' }) })
    await settle()
    const phase = () => selectConnectFlowPhase(latch.actor.getSnapshot())
    expect(phase()).toBe('findingWallet')
    await vi.advanceTimersByTimeAsync(ASYNC_INJECTION_WAIT_MS - 1)
    expect(phase()).toBe('findingWallet')
    await vi.advanceTimersByTimeAsync(1)
    expect(phase()).toBe('walletNotFound')
    expect(fake.calls.filter((c) => c.startsWith('connect:'))).toEqual([])

    fake.wallets.push(late)
    fake.emit({ type: 'connectorsChanged', connectors: [late.connector] })
    await settle()
    expect(fake.calls.filter((c) => c.startsWith('connect:'))).toEqual(['connect:io.dev.late'])
    expect(latch.getAccount().isConnected).toBe(true)
  })

  it('going back abandons the attempt: the wallet call is aborted', async () => {
    const { latch, fake, view } = setup()
    let signal: AbortSignal | undefined
    fake.adapter.connect = (request) => {
      signal = request.signal
      return new Promise(() => {})
    }
    await latch.ready()
    latch.open()
    latch.modal.send({
      type: 'PUSH',
      route: route('ConnectingExternal', { connectorId: 'io.dev.a' }),
    })
    expect(latch.getAccount().status).toBe('connecting')
    latch.modal.send({ type: 'GO_BACK' })
    expect(view()).toBe('Connect')
    expect(signal?.aborted).toBe(true)
    expect(latch.getAccount().status).toBe('disconnected')
    // Back on Connect, whose flow is its wallet list.
    expect(selectFlow(latch.actor.getSnapshot())).toBe('choosingWallet')
  })

  it("Retry (the user's intent) asks the wallet again after a rejection", async () => {
    vi.useFakeTimers()
    const { wallets, latch } = promptLatch()
    latch.open({ route: route('ConnectingExternal', { connectorId: 'io.dev.p' }) })
    await settle()
    wallets.live()[0]!.answer('reject')
    await settle()
    expect(latch.getAccount().status).toBe('disconnected')
    latch.actor.send({ type: 'RETRY' })
    await settle()
    expect(wallets.prompts.filter((p) => p.kind === 'connect')).toHaveLength(2)
    wallets.live()[0]!.answer('approve')
    await settle()
    expect(latch.getAccount().isConnected).toBe(true)
  })
})

describe('route flows: SwitchNetwork', () => {
  afterEach(() => vi.useRealTimers())

  it("a host's switchNetwork() with the modal closed opens the confirmation, switches, and closes", async () => {
    const { latch, fake, isOpen } = setup([
      fakeWallet('io.dev.a', { knownChains: new Set(['31337', '31338']) }),
    ])
    await latch.connect({ connectorId: 'io.dev.a' })
    expect(isOpen()).toBe(false)
    const opened: string[] = []
    latch.modal.on('opened', ({ route }) => opened.push(route.view))
    await latch.switchNetwork(devnetB)
    expect(opened).toEqual(['SwitchNetwork'])
    expect(fake.calls.filter((c) => c.startsWith('switch:'))).toEqual(['switch:eip155:31338'])
    expect(latch.getActiveNetwork()).toEqual(devnetB)
    expect(isOpen()).toBe(false)
  })

  it('closing the modal while the wallet is asked drops the switch, and the helper says so', async () => {
    vi.useFakeTimers()
    const { wallets, latch } = promptLatch()
    wallets.state.get('io.dev.p')!.known.add('31338')
    latch.open({ route: route('ConnectingExternal', { connectorId: 'io.dev.p' }) })
    await settle()
    wallets.live()[0]!.answer('approve')
    await settle()
    const switching = latch.switchNetwork(devnetB).catch((error: unknown) => error)
    await settle()
    expect(latch.network.getSnapshot().matches('switching')).toBe(true)
    latch.close()
    await settle()
    expect(latch.network.getSnapshot().matches('switching')).toBe(false)
    expect(await switching).toMatchObject({ code: 'USER_REJECTED' })
    // The wallet's late yes still lands: the wallet did switch.
    wallets
      .live()
      .find((p) => p.kind === 'switch')!
      .answer('approve')
    await settle()
    expect(latch.getActiveNetwork()).toEqual(devnetB)
  })

  it('a network that is not configured is refused at once', async () => {
    const { latch } = setup()
    await expect(
      latch.switchNetwork({ ...devnetB, id: 4242, caipNetworkId: 'eip155:4242' }),
    ).rejects.toMatchObject({ code: 'CHAIN_NOT_CONFIGURED' })
  })
})
