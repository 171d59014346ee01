import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import type { RouterFacts } from '../router/open-rules.js'
import { devnetA, solanaLocal } from '../testing/networks.js'
import { modalMachine, SHAKE_DURATION_MS, type ModalEmitted } from './modal.machine.js'
import { selectCanGoBack, selectModalState, selectRoute } from './modal.selectors.js'

function start(facts: Partial<RouterFacts> = {}) {
  const actor = createActor(modalMachine, {
    input: {
      facts: {
        activeNamespace: 'eip155',
        firstNetworkByNamespace: { eip155: devnetA, solana: solanaLocal },
        ...facts,
      },
    },
  })
  const emitted: ModalEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const view = () => selectRoute(actor.getSnapshot()).view
  const isOpen = () => selectModalState(actor.getSnapshot()).open
  return { actor, emitted, view, isOpen }
}

describe('modal machine: open and close', () => {
  it('starts closed on Connect', () => {
    const { view, isOpen } = start()
    expect(isOpen()).toBe(false)
    expect(view()).toBe('Connect')
  })

  it('opens on Connect when disconnected and on Account when connected', () => {
    const a = start()
    a.actor.send({ type: 'OPEN' })
    expect([a.isOpen(), a.view()]).toEqual([true, 'Connect'])
    const b = start({ isConnected: true })
    b.actor.send({ type: 'OPEN' })
    expect(b.view()).toBe('Account')
  })

  it('opens an explicit view with its data', () => {
    const { actor } = start()
    actor.send({ type: 'OPEN', route: { view: 'ConnectingExternal', data: { connectorId: 'x' } } })
    expect(selectRoute(actor.getSnapshot())).toEqual({
      view: 'ConnectingExternal',
      data: { connectorId: 'x' },
    })
  })

  it('opening with another namespace goes to the network switch and records the namespace', () => {
    const { actor } = start({ isConnected: true })
    actor.send({ type: 'OPEN', namespace: 'solana' })
    expect(selectRoute(actor.getSnapshot())).toEqual({
      view: 'SwitchNetwork',
      data: { network: solanaLocal },
    })
    expect(selectModalState(actor.getSnapshot()).namespace).toBe('solana')
  })

  it('closing resets the view to Connect and emits closed with the connected flag', () => {
    const { actor, view, emitted } = start({ isConnected: true })
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'PUSH', route: { view: 'Networks' } })
    actor.send({ type: 'CLOSE' })
    expect(view()).toBe('Connect')
    expect(emitted).toEqual([
      { type: 'opened', route: { view: 'Account' }, connected: true },
      { type: 'closed', connected: true },
    ])
  })

  it('in embedded mode closing shows Account when connected', () => {
    const { actor, view } = start({ isConnected: true, embedded: true })
    actor.send({ type: 'OPEN', route: { view: 'Networks' } })
    actor.send({ type: 'CLOSE' })
    expect(view()).toBe('Account')
  })

  it('close is refused, with a shake, while sign-in is required and no session exists', () => {
    const { actor, isOpen } = start({ isConnected: true, signInRequired: true })
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'CLOSE' })
    expect(isOpen()).toBe(true)
    expect(selectModalState(actor.getSnapshot()).shake).toBe(true)
    actor.send({ type: 'FACTS_UPDATED', facts: { hasSignInSession: true } })
    actor.send({ type: 'CLOSE' })
    expect(isOpen()).toBe(false)
  })

  it('closes with no wallet connected, even while sign-in is required', () => {
    const { actor, isOpen } = start({ signInRequired: true })
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'CLOSE' })
    expect(isOpen()).toBe(false)
  })
})

describe('modal machine: history', () => {
  it('push, replace and reset keep a typed history', () => {
    const { actor, view } = start()
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'PUSH', route: { view: 'AllWallets' } })
    actor.send({ type: 'PUSH', route: { view: 'ConnectingExternal', data: { connectorId: 'a' } } })
    actor.send({
      type: 'REPLACE',
      route: { view: 'ConnectingExternal', data: { connectorId: 'b' } },
    })
    expect(actor.getSnapshot().context.history.map((r) => r.view)).toEqual([
      'Connect',
      'AllWallets',
      'ConnectingExternal',
    ])
    actor.send({ type: 'RESET', route: { view: 'Networks' } })
    expect(view()).toBe('Networks')
    expect(selectCanGoBack(actor.getSnapshot())).toBe(false)
  })

  it('going back pops the history', () => {
    const { actor, view } = start()
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'PUSH', route: { view: 'AllWallets' } })
    actor.send({ type: 'GO_BACK' })
    expect(view()).toBe('Connect')
  })

  it('going back from the first view closes the modal', () => {
    const { actor, isOpen } = start()
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'GO_BACK' })
    expect(isOpen()).toBe(false)
  })

  it('going back from the first view does not close while sign-in is required', () => {
    const { actor, isOpen } = start({ isConnected: true, signInRequired: true })
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'GO_BACK' })
    expect(isOpen()).toBe(true)
  })

  it('going back to Connect while connected shows Account instead', () => {
    const { actor, view } = start({ isConnected: true })
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'PUSH', route: { view: 'Connect' } })
    actor.send({ type: 'PUSH', route: { view: 'AllWallets' } })
    actor.send({ type: 'GO_BACK' })
    expect(view()).toBe('Account')
  })

  it('a wallet-only view pushed while disconnected shows Connect', () => {
    const { actor, view } = start()
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'PUSH', route: { view: 'WalletSend' } })
    expect(view()).toBe('Connect')
  })

  it('losing the connection on a wallet-only view moves to Connect, modal kept open', () => {
    const { actor, view, isOpen } = start({ isConnected: true })
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'FACTS_UPDATED', facts: { isConnected: false } })
    expect([isOpen(), view()]).toEqual([true, 'Connect'])
  })

  it('a connection made while open closes the modal', () => {
    const { actor, isOpen } = start()
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'PUSH', route: { view: 'ConnectingExternal', data: { connectorId: 'a' } } })
    actor.send({ type: 'FACTS_UPDATED', facts: { isConnected: true } })
    expect(isOpen()).toBe(false)
  })

  it('a connection with sign-in enabled and no session opens SIWXSignMessage', () => {
    const { actor, isOpen, view } = start({ signInEnabled: true })
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'FACTS_UPDATED', facts: { isConnected: true } })
    expect([isOpen(), view()]).toEqual([true, 'SIWXSignMessage'])
  })

  it('events that only make sense while open are ignored while closed', () => {
    const { actor, view } = start()
    actor.send({ type: 'PUSH', route: { view: 'AllWallets' } })
    actor.send({ type: 'GO_BACK' })
    expect(view()).toBe('Connect')
    expect(actor.getSnapshot().context.history).toHaveLength(1)
  })
})

describe('modal machine: shake and loading', () => {
  it('shake is set for 500 ms then cleared', () => {
    vi.useFakeTimers()
    try {
      const { actor } = start()
      actor.send({ type: 'SHAKE' })
      expect(selectModalState(actor.getSnapshot()).shake).toBe(true)
      vi.advanceTimersByTime(SHAKE_DURATION_MS - 1)
      expect(selectModalState(actor.getSnapshot()).shake).toBe(true)
      vi.advanceTimersByTime(1)
      expect(selectModalState(actor.getSnapshot()).shake).toBe(false)
      expect(SHAKE_DURATION_MS).toBe(500)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a second shake restarts the 500 ms', () => {
    vi.useFakeTimers()
    try {
      const { actor } = start()
      actor.send({ type: 'SHAKE' })
      vi.advanceTimersByTime(400)
      actor.send({ type: 'SHAKE' })
      vi.advanceTimersByTime(400)
      expect(selectModalState(actor.getSnapshot()).shake).toBe(true)
      vi.advanceTimersByTime(100)
      expect(selectModalState(actor.getSnapshot()).shake).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('loading is set while open and cleared on close', () => {
    const { actor } = start()
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'SET_LOADING', loading: true })
    expect(selectModalState(actor.getSnapshot()).loading).toBe(true)
    actor.send({ type: 'CLOSE' })
    expect(selectModalState(actor.getSnapshot()).loading).toBe(false)
  })

  it('UnsupportedChain closes once the network is supported again', () => {
    const { actor, isOpen } = start({ isConnected: true, isUnsupportedChain: true })
    actor.send({ type: 'OPEN', route: { view: 'UnsupportedChain' } })
    actor.send({ type: 'FACTS_UPDATED', facts: { isUnsupportedChain: false } })
    expect(isOpen()).toBe(false)
  })

  it('going back to UnsupportedChain after the network became supported closes instead', () => {
    const { actor, isOpen } = start({ isConnected: true, isUnsupportedChain: true })
    actor.send({ type: 'OPEN', route: { view: 'UnsupportedChain' } })
    actor.send({ type: 'PUSH', route: { view: 'Networks' } })
    actor.send({ type: 'FACTS_UPDATED', facts: { isUnsupportedChain: false } })
    expect(isOpen()).toBe(true)
    actor.send({ type: 'GO_BACK' })
    expect(isOpen()).toBe(false)
  })
})
