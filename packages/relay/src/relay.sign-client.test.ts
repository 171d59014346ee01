import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startRelay } from './index.js'
import { until } from './test/raw-client.js'
import { guardNetwork, type NetworkGuard } from './test/network-guard.js'
import {
  ADDRESS,
  CHAIN,
  SIGNATURE,
  answerRequests,
  closeClient,
  createClient,
  pairAndApprove,
  personalSign,
  type Client,
} from './test/sign-clients.js'
import type { LocalRelay } from './types.js'

describe('@walletconnect/sign-client 2.25 on both sides, through the local relay', () => {
  let relay: LocalRelay
  let guard: NetworkGuard
  const clients: Client[] = []

  beforeEach(async () => {
    guard = guardNetwork()
    relay = await startRelay()
  })

  afterEach(async () => {
    await Promise.all(clients.splice(0).map(closeClient))
    await relay.stop()
    guard.restore()
  })

  it('pairs, approves and answers personal_sign, never leaving 127.0.0.1', async () => {
    const dapp = await createClient('dapp', relay)
    const wallet = await createClient('wallet', relay)
    clients.push(dapp, wallet)
    const seen = answerRequests(wallet)

    const session = await pairAndApprove(dapp, wallet)
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${ADDRESS}`])
    expect(wallet.session.get(session.topic).peer.metadata.name).toBe('Latch relay test dapp')

    await expect(personalSign(dapp, session.topic)).resolves.toBe(SIGNATURE)
    expect(seen.methods).toEqual(['personal_sign'])
    // Every delivery is acked (the last ack may still be in flight when request() resolves).
    await until(() => relay.stats().queuedMessages === 0, 'all deliveries acked')
    expect(relay.stats()).toMatchObject({ connections: 2, topics: 2 })
    expect(guard.outside).toEqual([])
  }, 30_000)
})
