import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ConnectResult } from '../adapter/contract.js'
import { connectionMachine } from '../machines/connection.machine.js'
import type { ConnectorInfo, ConnectWalletInput } from '../machines/connection.types.js'
import { deferred, flush } from '../test/deferred.js'
import { selectConnectAttempt } from './connect-attempt.js'

const dev: ConnectorInfo = { id: 'io.dev', type: 'ANNOUNCED', name: 'Dev' }
const other: ConnectorInfo = { id: 'io.other', type: 'ANNOUNCED', name: 'Other' }
const ok = (connectorId: string): ConnectResult => ({
  connectorId,
  accounts: [{ address: '0x00000000000000000000000000000000000000aa', type: 'eoa' }],
  chainReference: '1',
})

/** A connection machine whose wallet answers when the test says so. */
function start() {
  let answer = deferred<ConnectResult>()
  const actor = createActor(
    connectionMachine.provide({
      actors: {
        connectWallet: fromPromise((_: { input: ConnectWalletInput }) => answer.promise),
      },
    }),
  ).start()
  const connect = (connector: ConnectorInfo) => {
    answer = deferred<ConnectResult>()
    actor.send({ type: 'CONNECT', connector, namespace: 'eip155' })
    return answer
  }
  const attempt = (id = dev.id) => selectConnectAttempt(actor.getSnapshot(), id)
  return { actor, connect, attempt }
}

describe('selectConnectAttempt', () => {
  it('is idle before anything is asked', () => {
    expect(start().attempt()).toEqual({ status: 'idle' })
  })

  it('is connecting while the wallet has not answered, for that wallet only', () => {
    const t = start()
    t.connect(dev)
    expect(t.attempt()).toEqual({ status: 'connecting' })
    expect(t.attempt(other.id)).toEqual({ status: 'idle' })
  })

  it('is rejected when the user declines (4001 → USER_REJECTED)', async () => {
    const t = start()
    t.connect(dev).reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    await flush()
    const attempt = t.attempt()
    expect(attempt.status).toBe('rejected')
    expect(attempt.error?.code).toBe('USER_REJECTED')
  })

  it('is failed, with the catalogue code, for any other error', async () => {
    const t = start()
    t.connect(dev).reject(Object.assign(new Error('Provider not found.'), { code: 4900 }))
    await flush()
    const attempt = t.attempt()
    expect(attempt.status).toBe('failed')
    expect(attempt.error?.code).not.toBe('USER_REJECTED')
  })

  it('goes from rejected back to connecting on a retry, then connected', async () => {
    const t = start()
    t.connect(dev).reject(Object.assign(new Error('no'), { code: 4001 }))
    await flush()
    expect(t.attempt().status).toBe('rejected')
    const retry = t.connect(dev)
    expect(t.attempt()).toEqual({ status: 'connecting' })
    retry.resolve(ok(dev.id))
    await flush()
    expect(t.attempt()).toEqual({ status: 'connected' })
  })

  it('a wallet reporting zero accounts is a failed attempt (SPEC §4)', async () => {
    const t = start()
    t.connect(dev).resolve({ connectorId: dev.id, accounts: [], chainReference: '1' })
    await flush()
    expect(t.attempt()).toMatchObject({
      status: 'failed',
      error: { code: 'CONNECTOR_NOT_CONNECTED' },
    })
  })
})
