import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startRelay } from './index.js'
import { until } from './test/raw-client.js'
import { guardNetwork, type NetworkGuard } from './test/network-guard.js'
import {
  SIGNATURE,
  answerRequests,
  closeClient,
  createClient,
  pairAndApprove,
  personalSign,
  type Client,
} from './test/sign-clients.js'
import type { LocalRelay } from './types.js'

describe('relay faults with sign-client on both sides', () => {
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

  async function connectedPair() {
    const dapp = await createClient('dapp', relay)
    const wallet = await createClient('wallet', relay)
    clients.push(dapp, wallet)
    const seen = answerRequests(wallet)
    const session = await pairAndApprove(dapp, wallet)
    return { dapp, wallet, seen, session }
  }

  it('the session survives a relay restart: both clients reconnect and sign again', async () => {
    const { dapp, wallet, seen, session } = await connectedPair()
    await expect(personalSign(dapp, session.topic)).resolves.toBe(SIGNATURE)

    const { subscriptions } = relay.stats()
    await relay.restart()
    expect(relay.stats()).toMatchObject({ connections: 0, subscriptions: 0 })
    // Both clients reconnect by themselves (core retries after a disconnect) and re-subscribe.
    // Waiting on the relay's view: a client's own `connected` flag lags behind a dropped socket.
    await until(
      () => relay.stats().connections === 2 && relay.stats().subscriptions === subscriptions,
      'both clients back and re-subscribed',
      20_000,
    )

    await expect(personalSign(dapp, session.topic)).resolves.toBe(SIGNATURE)
    expect(seen.methods).toEqual(['personal_sign', 'personal_sign'])
    expect(wallet.core.relayer.connected).toBe(true)
    expect(guard.outside).toEqual([])
  }, 60_000)

  it('delivers a request published while the wallet was offline once it comes back', async () => {
    const { dapp, wallet, seen, session } = await connectedPair()
    await wallet.core.relayer.transportClose()
    await until(() => relay.stats().connections === 1, 'wallet socket gone')

    const answer = personalSign(dapp, session.topic)
    await until(() => relay.stats().queuedMessages === 1, 'request queued at the relay')
    expect(seen.methods).toEqual([])

    await wallet.core.relayer.transportOpen()
    await expect(answer).resolves.toBe(SIGNATURE)
    expect(seen.methods).toEqual(['personal_sign'])
    expect(guard.outside).toEqual([])
  }, 60_000)
})
