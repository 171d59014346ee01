import { describe, expect, it } from 'vitest'
import {
  SOL_ADDRESS,
  connected,
  injected,
  phantom,
  result,
  start,
} from '../test/connection-harness.js'
import { flush } from '../test/deferred.js'
import { selectAccountState, selectCurrentConnection } from './connection.selectors.js'

// The account a host and the views see is the active namespace's (SPEC §3 account state): the
// root tells the machine the active namespace (ACTIVE_NAMESPACE) whenever the network changes it.
describe('connection machine: the current account follows the active namespace', () => {
  async function connectedInBoth() {
    const t = await connected()
    t.actor.send({ type: 'CONNECT', connector: phantom, namespace: 'solana' })
    await flush()
    return t
  }

  it("makes the namespace's connection current when its network becomes active", async () => {
    const { actor } = await connectedInBoth()
    actor.send({ type: 'ACTIVE_NAMESPACE', namespace: 'eip155' })
    expect(selectCurrentConnection(actor.getSnapshot())?.connectorId).toBe(injected.id)
    actor.send({ type: 'ACTIVE_NAMESPACE', namespace: 'solana' })
    expect(selectCurrentConnection(actor.getSnapshot())?.connectorId).toBe(phantom.id)
  })

  it('shows no account in a namespace without a connection, and keeps the other one', async () => {
    const { actor, status } = await connected()
    actor.send({ type: 'ACTIVE_NAMESPACE', namespace: 'solana' })
    expect(status()).toBe('disconnected')
    expect(selectAccountState(actor.getSnapshot())).toEqual({
      allAccounts: [],
      isConnected: false,
      status: 'disconnected',
    })
    expect(actor.getSnapshot().context.connections).toHaveLength(1)
    // Back on EVM, the wallet is still there: nothing asked it again.
    actor.send({ type: 'ACTIVE_NAMESPACE', namespace: 'eip155' })
    expect(status()).toBe('connected')
    expect(selectCurrentConnection(actor.getSnapshot())?.connectorId).toBe(injected.id)
  })

  it('a reconnect on load makes current only a connection of the active namespace', async () => {
    const { actor, status } = start({
      reconnect: async (c) =>
        result(c.connectorId, c.namespace === 'solana' ? SOL_ADDRESS : undefined),
    })
    actor.send({ type: 'ACTIVE_NAMESPACE', namespace: 'eip155' })
    actor.send({
      type: 'RECONNECT',
      remembered: [
        { namespace: 'solana', connectorId: phantom.id },
        { namespace: 'eip155', connectorId: injected.id },
      ],
      disconnectedConnectorIds: [],
    })
    await flush()
    await flush()
    expect(actor.getSnapshot().context.connections.map((c) => c.namespace)).toEqual([
      'solana',
      'eip155',
    ])
    expect(selectCurrentConnection(actor.getSnapshot())?.connectorId).toBe(injected.id)
    expect(status()).toBe('connected')
  })

  it('after the current connection ends, the next current one is in the active namespace', async () => {
    const { actor, status } = await connectedInBoth()
    actor.send({ type: 'ACTIVE_NAMESPACE', namespace: 'solana' })
    actor.send({ type: 'DISCONNECT' })
    await flush()
    // The EVM wallet stays connected, but it is not Solana's account.
    expect(actor.getSnapshot().context.connections.map((c) => c.connectorId)).toEqual([injected.id])
    expect(status()).toBe('disconnected')
    actor.send({ type: 'ACTIVE_NAMESPACE', namespace: 'eip155' })
    expect(status()).toBe('connected')
  })
})
