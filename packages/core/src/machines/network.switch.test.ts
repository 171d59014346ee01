import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import {
  selectActiveNamespace,
  selectActiveNetwork,
  selectIsSwitchingNamespace,
  selectLastError,
  selectPendingSwitch,
  networkMachine,
  type NetworkMachineEmitted,
} from './network.machine.js'
import { EVM, SOL, baseInput, mainnet, polygon, solana } from '../test/network-fixtures.js'
import { goBack, navigations, start } from '../test/network-harness.js'

describe('network machine: CONFIRM_SWITCH', () => {
  it('asks the wallet, then makes the network active and goes back', async () => {
    const { actor, emitted, facts, switchCalls, addCalls, settled } = start()
    facts({ eip155: EVM })
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    expect(actor.getSnapshot().matches({ switching: 'requesting' })).toBe(true)
    expect(selectPendingSwitch(actor.getSnapshot())).toEqual({
      network: polygon,
      connectorId: EVM.connectorId,
    })
    await settled()
    expect(switchCalls).toEqual([{ network: polygon, connectorId: EVM.connectorId }])
    expect(addCalls).toEqual([])
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(polygon)
    expect(emitted).toEqual([{ type: 'networkChanged', network: polygon }, goBack])
  })

  it.each([4902, -32603, 32603, 5000])(
    'adds the chain after a %i failure and retries the switch once',
    async (code) => {
      const { actor, facts, switchCalls, addCalls, emitted, settled } = start(
        {},
        { switchChain: [code] },
      )
      facts({ eip155: EVM })
      actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
      await settled()
      expect(addCalls).toEqual([{ network: polygon, connectorId: EVM.connectorId }])
      expect(switchCalls).toHaveLength(2)
      expect(selectActiveNetwork(actor.getSnapshot())).toBe(polygon)
      expect(emitted).toEqual([{ type: 'networkChanged', network: polygon }, goBack])
    },
  )

  it('does not add the chain after a user rejection (4001) and goes back', async () => {
    const { actor, facts, switchCalls, addCalls, emitted, settled } = start(
      {},
      { switchChain: [4001] },
    )
    facts({ eip155: EVM })
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    await settled()
    expect(addCalls).toEqual([])
    expect(switchCalls).toHaveLength(1)
    const error = selectLastError(actor.getSnapshot())
    expect(error?.code).toBe('USER_REJECTED')
    expect(error?.message).toBe('User rejected the request.')
    expect(emitted).toEqual([goBack, { type: 'switchFailed', error }])
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(mainnet)
  })

  it('goes back when the retried switch fails again, without a third attempt', async () => {
    const { actor, facts, switchCalls, addCalls, emitted, settled } = start(
      {},
      { switchChain: [4902, 4902] },
    )
    facts({ eip155: EVM })
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    await settled()
    expect(addCalls).toHaveLength(1)
    expect(switchCalls).toHaveLength(2)
    expect(selectLastError(actor.getSnapshot())?.code).toBe('UNKNOWN_ERROR')
    expect(navigations(emitted)).toEqual([goBack])
    expect(emitted.map((e) => e.type)).toEqual(['navigate', 'switchFailed'])
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(mainnet)
  })

  it('goes back when adding the chain fails, without retrying the switch', async () => {
    const { actor, facts, switchCalls, emitted, settled } = start(
      {},
      { switchChain: [4902], addChain: [4001] },
    )
    facts({ eip155: EVM })
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    await settled()
    expect(switchCalls).toHaveLength(1)
    expect(selectLastError(actor.getSnapshot())?.code).toBe('USER_REJECTED')
    expect(emitted.map((e) => e.type)).toEqual(['navigate', 'switchFailed'])
  })

  it('selects the network directly when its namespace has no connection', () => {
    const { actor, emitted, switchCalls } = start()
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    expect(actor.getSnapshot().matches('idle')).toBe(true)
    expect(switchCalls).toEqual([])
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(polygon)
    expect(emitted).toEqual([{ type: 'networkChanged', network: polygon }, goBack])
  })

  it('flags a switch to another namespace and resets the send form once it lands', async () => {
    const { actor, facts, emitted, settled, switchCalls } = start()
    facts({ eip155: EVM, solana: SOL })
    actor.send({ type: 'CONFIRM_SWITCH', network: solana })
    expect(selectIsSwitchingNamespace(actor.getSnapshot())).toBe(true)
    await settled()
    expect(switchCalls).toEqual([{ network: solana, connectorId: SOL.connectorId }])
    expect(selectIsSwitchingNamespace(actor.getSnapshot())).toBe(false)
    expect(selectActiveNamespace(actor.getSnapshot())).toBe('solana')
    expect(emitted).toEqual([
      { type: 'sendFormReset' },
      { type: 'networkChanged', network: solana },
      goBack,
    ])
  })

  it('clears the namespace flag after a failed switch and keeps the send form', async () => {
    const { actor, facts, emitted, settled } = start({}, { switchChain: [4001] })
    facts({ eip155: EVM, solana: SOL })
    actor.send({ type: 'CONFIRM_SWITCH', network: solana })
    await settled()
    expect(selectIsSwitchingNamespace(actor.getSnapshot())).toBe(false)
    expect(selectActiveNamespace(actor.getSnapshot())).toBe('eip155')
    expect(emitted.map((e) => e.type)).toEqual(['navigate', 'switchFailed'])
  })

  it('does not flag a switch within the namespace', () => {
    const { actor, facts } = start()
    facts({ eip155: EVM })
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    expect(selectIsSwitchingNamespace(actor.getSnapshot())).toBe(false)
  })

  it('resets the send form on a direct switch to another namespace', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'CONFIRM_SWITCH', network: solana })
    expect(emitted[0]).toEqual({ type: 'sendFormReset' })
    expect(selectIsSwitchingNamespace(actor.getSnapshot())).toBe(false)
  })

  it('only goes back when the confirmed network is already active', () => {
    const { actor, facts, emitted, switchCalls } = start()
    facts({ eip155: EVM })
    actor.send({ type: 'CONFIRM_SWITCH', network: mainnet })
    expect(switchCalls).toEqual([])
    expect(emitted).toEqual([goBack])
  })

  it('clears the last error when the next switch starts', async () => {
    const { actor, facts, settled } = start({}, { switchChain: [4001] })
    facts({ eip155: EVM })
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    await settled()
    expect(selectLastError(actor.getSnapshot())).toBeDefined()
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    expect(selectLastError(actor.getSnapshot())).toBeUndefined()
    await settled()
  })

  it('ignores other switch requests while the wallet prompt is open', async () => {
    const { actor, facts, switchCalls, emitted, settled } = start()
    facts({ eip155: EVM })
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    actor.send({ type: 'CONFIRM_SWITCH', network: mainnet })
    actor.send({ type: 'SWITCH_NETWORK', network: solana })
    await settled()
    expect(switchCalls).toHaveLength(1)
    expect(emitted).toEqual([{ type: 'networkChanged', network: polygon }, goBack])
  })

  it('fails with "Chain adapter not found" until the root provides the adapter calls', async () => {
    const actor = createActor(networkMachine, { input: baseInput })
    const emitted: NetworkMachineEmitted[] = []
    actor.on('switchFailed', (event) => emitted.push(event))
    actor.start()
    actor.send({ type: 'FACTS_UPDATED', namespaces: { eip155: EVM }, isBasicConnection: false })
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(selectLastError(actor.getSnapshot())?.message).toBe('Chain adapter not found')
    expect(emitted).toHaveLength(1)
  })
})
