import { describe, expect, it, vi } from 'vitest'
import type { ConnectResult } from '../adapter/contract.js'
import { isLatchError } from '../errors/latch-error.js'
import {
  ADDRESS_A,
  ADDRESS_B,
  SOL_ADDRESS,
  connected,
  injected,
  phantom,
  result,
  start,
  walletConnect,
} from '../test/connection-harness.js'
import { deferred, flush } from '../test/deferred.js'
import { DISCONNECT_WAIT_MS } from './connection.machine.js'
import { reconnectOrder } from './connection.rules.js'
import {
  selectAccountState,
  selectCurrentConnection,
  selectStatus,
} from './connection.selectors.js'
import type { ReconnectCandidate } from './connection.types.js'

describe('connection machine: connect', () => {
  it('starts disconnected with no account', () => {
    const { actor, status } = start()
    expect(status()).toBe('disconnected')
    expect(selectAccountState(actor.getSnapshot())).toEqual({
      allAccounts: [],
      isConnected: false,
      status: 'disconnected',
    })
  })

  it('a successful connect gives connected, with the account the host sees', async () => {
    const pending = deferred<ConnectResult>()
    const { actor, status } = start({ connect: () => pending.promise })
    actor.send({ type: 'CONNECT', connector: injected, namespace: 'eip155' })
    expect(status()).toBe('connecting')
    pending.resolve(result(injected.id, ADDRESS_A, '31337'))
    await flush()
    expect(status()).toBe('connected')
    expect(selectAccountState(actor.getSnapshot())).toEqual({
      address: ADDRESS_A,
      allAccounts: [{ address: ADDRESS_A, type: 'eoa', namespace: 'eip155' }],
      caipAddress: `eip155:31337:${ADDRESS_A}`,
      isConnected: true,
      status: 'connected',
    })
  })

  it('emits connected (not reconnected) with the connector info, for the root to remember', async () => {
    const { emitted } = await connected()
    const event = emitted.find((e) => e.type === 'connected')
    expect(event).toMatchObject({
      reconnected: false,
      connection: { connectorId: injected.id, connector: injected },
    })
  })

  it('passes the chosen connector, namespace and network to the adapter', async () => {
    const { actor, calls } = start()
    actor.send({ type: 'CONNECT', connector: phantom, namespace: 'solana' })
    await flush()
    expect(calls.connect).toEqual([{ connector: phantom, namespace: 'solana' }])
  })

  it('a failed connect with no connection returns to disconnected, with the error', async () => {
    const { actor, emitted, status } = await connected({
      connect: async () => Promise.reject(new Error('boom')),
    })
    expect(status()).toBe('disconnected')
    expect(actor.getSnapshot().context.error?.message).toBe('Unknown error')
    expect(emitted.some((e) => e.type === 'connectFailed')).toBe(true)
  })

  it('a wallet rejection (4001) becomes the user-rejected error', async () => {
    const { actor } = await connected({
      connect: async () => Promise.reject({ code: 4001, message: 'nope' }),
    })
    expect(isLatchError(actor.getSnapshot().context.error, 'USER_REJECTED')).toBe(true)
  })

  it('a failed connect returns to connected when a current connection exists', async () => {
    let attempt = 0
    const { actor, status } = await connected({
      connect: async (input) => {
        attempt++
        if (attempt === 2) throw new Error('second wallet failed')
        return result(input.connector.id)
      },
    })
    actor.send({ type: 'CONNECT', connector: walletConnect, namespace: 'eip155' })
    expect(status()).toBe('connecting')
    await flush()
    expect(status()).toBe('connected')
    expect(selectCurrentConnection(actor.getSnapshot())?.connectorId).toBe(injected.id)
  })

  it('a wallet answering zero accounts on connect counts as not connected', async () => {
    const { actor, status, emitted } = await connected({
      connect: async (i) => result(i.connector.id, ''),
    })
    expect(status()).toBe('disconnected')
    expect(actor.getSnapshot().context.error?.message).toBe('Connector not connected.')
    expect(emitted.some((e) => e.type === 'connected')).toBe(false)
  })

  it('picking another wallet while one is pending abandons the first', async () => {
    const first = deferred<ConnectResult>()
    const { actor } = start({
      connect: (input) =>
        input.connector.id === injected.id
          ? first.promise
          : Promise.resolve(result(input.connector.id, ADDRESS_B)),
    })
    actor.send({ type: 'CONNECT', connector: injected, namespace: 'eip155' })
    actor.send({ type: 'CONNECT', connector: walletConnect, namespace: 'eip155' })
    await flush()
    first.resolve(result(injected.id, ADDRESS_A))
    await flush()
    expect(actor.getSnapshot().context.connections.map((c) => c.connectorId)).toEqual([
      walletConnect.id,
    ])
  })

  it('cancel while connecting returns to disconnected without reporting a failure', async () => {
    const { actor, emitted, status } = start({ connect: () => new Promise(() => {}) })
    actor.send({ type: 'CONNECT', connector: injected, namespace: 'eip155' })
    actor.send({ type: 'CANCEL' })
    expect(status()).toBe('disconnected')
    expect(emitted.some((e) => e.type === 'connectFailed')).toBe(false)
  })

  it("connecting a connector that is already connected fails with 'Connector already connected.'", async () => {
    const { actor, emitted, status, calls } = await connected()
    actor.send({ type: 'CONNECT', connector: injected, namespace: 'eip155' })
    expect(status()).toBe('connected')
    expect(calls.connect).toHaveLength(1)
    const failure = emitted.find((e) => e.type === 'connectFailed')
    expect(failure && 'error' in failure && failure.error.message).toBe(
      'Connector already connected.',
    )
  })

  it('several connections can exist; the newest is current', async () => {
    const { actor } = await connected()
    actor.send({ type: 'CONNECT', connector: phantom, namespace: 'solana' })
    await flush()
    const snapshot = actor.getSnapshot()
    expect(snapshot.context.connections).toHaveLength(2)
    expect(selectCurrentConnection(snapshot)?.connectorId).toBe(phantom.id)
  })

  it('SWITCH_CONNECTION makes another existing connection current, and ignores unknown ones', async () => {
    const { actor } = await connected()
    actor.send({ type: 'CONNECT', connector: phantom, namespace: 'solana' })
    await flush()
    actor.send({ type: 'SWITCH_CONNECTION', connectorId: injected.id, namespace: 'eip155' })
    expect(selectCurrentConnection(actor.getSnapshot())?.connectorId).toBe(injected.id)
    actor.send({ type: 'SWITCH_CONNECTION', connectorId: 'nope', namespace: 'eip155' })
    expect(selectCurrentConnection(actor.getSnapshot())?.connectorId).toBe(injected.id)
  })
})

describe('connection machine: disconnect', () => {
  it('disconnecting the last connection gives disconnected and resets the account', async () => {
    const { actor, emitted, status } = await connected()
    actor.send({
      type: 'ACCOUNT_DATA_UPDATED',
      namespace: 'eip155',
      data: { balance: '1.5', balanceSymbol: 'ETH', profileName: 'alice' },
    })
    actor.send({ type: 'DISCONNECT' })
    await flush()
    expect(status()).toBe('disconnected')
    const { context } = actor.getSnapshot()
    expect(context.current).toBeUndefined()
    expect(context.accountData).toEqual({})
    expect(selectAccountState(actor.getSnapshot()).address).toBeUndefined()
    expect(emitted.map((e) => e.type)).toContain('accountReset')
  })

  it('disconnecting the current of two connections makes the other current', async () => {
    const { actor, status } = await connected()
    actor.send({ type: 'CONNECT', connector: phantom, namespace: 'solana' })
    await flush()
    actor.send({ type: 'DISCONNECT' })
    await flush()
    expect(status()).toBe('connected')
    expect(selectCurrentConnection(actor.getSnapshot())?.connectorId).toBe(injected.id)
  })

  it('disconnecting a non-current connection keeps the current one', async () => {
    const { actor } = await connected()
    actor.send({ type: 'CONNECT', connector: phantom, namespace: 'solana' })
    await flush()
    actor.send({ type: 'DISCONNECT', connectorId: injected.id, namespace: 'eip155' })
    await flush()
    expect(actor.getSnapshot().context.connections.map((c) => c.connectorId)).toEqual([phantom.id])
    expect(selectCurrentConnection(actor.getSnapshot())?.connectorId).toBe(phantom.id)
  })

  it('DISCONNECT all drops every connection and tells every wallet', async () => {
    const { actor, calls, status } = await connected()
    actor.send({ type: 'CONNECT', connector: phantom, namespace: 'solana' })
    await flush()
    actor.send({ type: 'DISCONNECT', all: true })
    await flush()
    expect(status()).toBe('disconnected')
    expect(calls.disconnect[0]?.connections).toHaveLength(2)
  })

  it('waits at most 3 s for a wallet that never answers the disconnect', async () => {
    vi.useFakeTimers()
    try {
      const { actor, status } = await connected({ disconnect: () => new Promise(() => {}) })
      actor.send({ type: 'DISCONNECT' })
      await vi.advanceTimersByTimeAsync(DISCONNECT_WAIT_MS - 1)
      expect(status()).toBe('connected')
      await vi.advanceTimersByTimeAsync(1)
      expect(status()).toBe('disconnected')
      expect(DISCONNECT_WAIT_MS).toBe(3000)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a wallet failing the disconnect still ends disconnected', async () => {
    const { actor, status } = await connected({
      disconnect: async () => Promise.reject(new Error('gone')),
    })
    actor.send({ type: 'DISCONNECT' })
    await flush()
    expect(status()).toBe('disconnected')
  })

  it('flags an injected wallet the user disconnected, so it is not auto-reconnected', async () => {
    const { actor, emitted } = await connected()
    actor.send({ type: 'DISCONNECT' })
    await flush()
    expect(emitted.find((e) => e.type === 'disconnected')).toMatchObject({
      byUser: true,
      flagAsDisconnected: true,
    })
  })

  it('does not flag a WalletConnect connection, nor a disconnect the wallet started', async () => {
    const wc = await connected({}, walletConnect)
    wc.actor.send({ type: 'DISCONNECT' })
    await flush()
    expect(wc.emitted.find((e) => e.type === 'disconnected')).toMatchObject({
      flagAsDisconnected: false,
    })

    const inj = await connected()
    inj.actor.send({ type: 'WALLET_DISCONNECTED', connectorId: injected.id, namespace: 'eip155' })
    expect(inj.emitted.find((e) => e.type === 'disconnected')).toMatchObject({
      byUser: false,
      flagAsDisconnected: false,
    })
  })

  it('DISCONNECT with nothing to disconnect is ignored', async () => {
    const { actor, calls } = start()
    actor.send({ type: 'DISCONNECT' })
    await flush()
    expect(calls.disconnect).toHaveLength(0)
  })
})

describe('connection machine: wallet events', () => {
  it('a wallet reporting zero accounts is treated as disconnected', async () => {
    const { actor, emitted, status } = await connected()
    actor.send({
      type: 'ACCOUNTS_CHANGED',
      connectorId: injected.id,
      namespace: 'eip155',
      accounts: [],
    })
    expect(status()).toBe('disconnected')
    expect(emitted.find((e) => e.type === 'disconnected')).toMatchObject({ byUser: false })
  })

  it('accountsChanged with accounts switches the address in use', async () => {
    const { actor } = await connected()
    actor.send({
      type: 'ACCOUNTS_CHANGED',
      connectorId: injected.id,
      namespace: 'eip155',
      accounts: [{ address: ADDRESS_B, type: 'eoa' }],
    })
    expect(selectAccountState(actor.getSnapshot()).address).toBe(ADDRESS_B)
  })

  it('ignores events for connections it does not hold', async () => {
    const { actor } = await connected()
    actor.send({
      type: 'ACCOUNTS_CHANGED',
      connectorId: 'other',
      namespace: 'eip155',
      accounts: [],
    })
    actor.send({
      type: 'ACCOUNTS_CHANGED',
      connectorId: injected.id,
      namespace: 'solana',
      accounts: [],
    })
    actor.send({ type: 'WALLET_DISCONNECTED', connectorId: 'other', namespace: 'eip155' })
    expect(selectStatus(actor.getSnapshot())).toBe('connected')
  })

  it('chainChanged moves the CAIP address to the new chain', async () => {
    const { actor } = await connected()
    actor.send({
      type: 'CHAIN_CHANGED',
      connectorId: injected.id,
      namespace: 'eip155',
      chainReference: '31338',
    })
    expect(selectAccountState(actor.getSnapshot()).caipAddress).toBe(`eip155:31338:${ADDRESS_A}`)
  })

  it('the wallet disconnecting drops the connection', async () => {
    const { actor, status } = await connected()
    actor.send({ type: 'WALLET_DISCONNECTED', connectorId: injected.id, namespace: 'eip155' })
    expect(status()).toBe('disconnected')
  })

  it('keeps account data per namespace only while connected there', async () => {
    const { actor } = await connected()
    actor.send({ type: 'ACCOUNT_DATA_UPDATED', namespace: 'eip155', data: { balance: '2' } })
    actor.send({
      type: 'ACCOUNT_DATA_UPDATED',
      namespace: 'eip155',
      data: { balanceSymbol: 'ETH' },
    })
    actor.send({ type: 'ACCOUNT_DATA_UPDATED', namespace: 'solana', data: { balance: '9' } })
    expect(actor.getSnapshot().context.accountData).toEqual({
      eip155: { balance: '2', balanceSymbol: 'ETH' },
    })
  })
})

describe('connection machine: reconnect on load', () => {
  const remembered: ReconnectCandidate[] = [
    { namespace: 'eip155', connectorId: 'recent' },
    { namespace: 'eip155', connectorId: 'older' },
    { namespace: 'solana', connectorId: 'oldest' },
  ]

  it('tries the most recently used connector first, and the first to authorize is current', async () => {
    const { actor, calls, emitted, status } = start({
      reconnect: async (c) =>
        c.connectorId === 'recent'
          ? null
          : result(c.connectorId, c.namespace === 'solana' ? SOL_ADDRESS : ADDRESS_B),
    })
    actor.send({ type: 'RECONNECT', remembered, disconnectedConnectorIds: [] })
    expect(status()).toBe('reconnecting')
    await flush()
    await flush()
    expect(calls.reconnect.map((c) => c.connectorId)).toEqual(['recent', 'older', 'oldest'])
    expect(status()).toBe('connected')
    expect(selectCurrentConnection(actor.getSnapshot())?.connectorId).toBe('older')
    expect(
      emitted
        .filter((e) => e.type === 'connected')
        .every((e) => 'reconnected' in e && e.reconnected),
    ).toBe(true)
  })

  it('never auto-reconnects a wallet whose disconnect flag is set', async () => {
    const { actor, calls } = start({ reconnect: async (c) => result(c.connectorId) })
    actor.send({ type: 'RECONNECT', remembered, disconnectedConnectorIds: ['recent'] })
    await flush()
    await flush()
    expect(calls.reconnect.map((c) => c.connectorId)).not.toContain('recent')
    expect(selectCurrentConnection(actor.getSnapshot())?.connectorId).toBe('older')
  })

  it('ends disconnected when no connector authorizes (null, zero accounts or an error)', async () => {
    const answers: Record<string, () => Promise<ConnectResult | null>> = {
      recent: async () => null,
      older: async () => result('older', ''),
      oldest: async () => Promise.reject(new Error('locked')),
    }
    const { actor, status } = start({ reconnect: (c) => answers[c.connectorId]!() })
    actor.send({ type: 'RECONNECT', remembered, disconnectedConnectorIds: [] })
    await flush()
    await flush()
    expect(status()).toBe('disconnected')
  })

  it('with nothing remembered it stays disconnected and calls no wallet', () => {
    const { actor, calls, status } = start()
    actor.send({ type: 'RECONNECT', remembered: [], disconnectedConnectorIds: [] })
    expect(status()).toBe('disconnected')
    expect(calls.reconnect).toHaveLength(0)
  })

  it('a user choosing a wallet during reconnect goes straight to connecting', () => {
    const { actor, status } = start({
      reconnect: () => new Promise(() => {}),
      connect: () => new Promise(() => {}),
    })
    actor.send({ type: 'RECONNECT', remembered, disconnectedConnectorIds: [] })
    actor.send({ type: 'CONNECT', connector: injected, namespace: 'eip155' })
    expect(status()).toBe('connecting')
  })

  it('reconnectOrder keeps recency order, drops flagged wallets and duplicates', () => {
    const order = reconnectOrder(
      [
        { namespace: 'eip155', connectorId: 'a' },
        { namespace: 'eip155', connectorId: 'b' },
        { namespace: 'eip155', connectorId: 'a' },
        { namespace: 'solana', connectorId: 'a' },
      ],
      ['b'],
    )
    expect(order).toEqual([
      { namespace: 'eip155', connectorId: 'a' },
      { namespace: 'solana', connectorId: 'a' },
    ])
  })
})
