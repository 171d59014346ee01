import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { subscriptionId } from './hub.js'
import { startRelay } from './index.js'
import { RawClient, topic, until } from './test/raw-client.js'
import type { LocalRelay } from './types.js'

const DAPP = 'did:key:z6MkDapp'
const WALLET = 'did:key:z6MkWallet'

describe('relay JSON-RPC (raw ws clients)', () => {
  let relay: LocalRelay
  const open: RawClient[] = []
  const connect = async (iss?: string) => {
    const client = await RawClient.open(relay.url, iss)
    open.push(client)
    return client
  }

  beforeEach(async () => {
    relay = await startRelay()
  })

  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()))
    await relay.stop()
  })

  it('subscribe answers sha256(topic + did) — the id core derives — and publish reaches subscribers', async () => {
    const [a, b] = await Promise.all([connect(DAPP), connect(WALLET)])
    await expect(a.result('irn_subscribe', { topic: topic(1) })).resolves.toBe(
      subscriptionId(topic(1), DAPP),
    )
    await expect(
      b.result('irn_publish', {
        topic: topic(1),
        message: 'aGk=',
        ttl: 300,
        tag: 1108,
        prompt: true,
      }),
    ).resolves.toBe(true)

    const delivery = await a.delivery(topic(1))
    expect(delivery.params.id).toBe(subscriptionId(topic(1), DAPP))
    expect(delivery.params.data).toMatchObject({ topic: topic(1), message: 'aGk=', tag: 1108 })
    expect(typeof delivery.params.data.publishedAt).toBe('number')
    a.ack(delivery.id)
    await until(() => relay.stats().acked === 1, 'ack')
    expect(relay.stats().queuedMessages).toBe(0)
  })

  it('passes the attestation through and never echoes a message to its publisher', async () => {
    const [a, b] = await Promise.all([connect(DAPP), connect(WALLET)])
    await a.result('irn_subscribe', { topic: topic(2) })
    await b.result('irn_subscribe', { topic: topic(2) })
    await a.result('irn_publish', { topic: topic(2), message: 'bXNn', ttl: 300, attestation: '' })
    const delivery = await b.delivery(topic(2))
    expect(delivery.params.data.attestation).toBe('')
    b.ack(delivery.id)
    await until(() => relay.stats().queuedMessages === 0, 'ack')
    expect(a.pendingDeliveries()).toEqual([])
  })

  it('queues messages for a topic nobody listens to and delivers them on subscribe, in order', async () => {
    const b = await connect(WALLET)
    await b.result('irn_publish', { topic: topic(3), message: 'MQ==', ttl: 300 })
    await b.result('irn_publish', { topic: topic(3), message: 'Mg==', ttl: 300 })
    expect(relay.stats().queuedMessages).toBe(2)

    const a = await connect(DAPP)
    await a.result('irn_subscribe', { topic: topic(3) })
    const first = await a.delivery(topic(3))
    const second = await a.delivery(topic(3))
    expect([first.params.data.message, second.params.data.message]).toEqual(['MQ==', 'Mg=='])
  })

  it('re-delivers an unacked message when the client reconnects and subscribes again', async () => {
    const b = await connect(WALLET)
    let a = await connect(DAPP)
    await a.result('irn_subscribe', { topic: topic(4) })
    await b.result('irn_publish', { topic: topic(4), message: 'dW5hY2tlZA==', ttl: 300 })
    await a.delivery(topic(4)) // received, never acked
    await a.close()

    a = await connect(DAPP)
    await a.result('irn_batchSubscribe', { topics: [topic(4)] })
    const again = await a.delivery(topic(4))
    expect(again.params.data.message).toBe('dW5hY2tlZA==')
    a.ack(again.id)
    await until(() => relay.stats().queuedMessages === 0, 'ack after re-delivery')
  })

  it('stops delivering after unsubscribe (the message waits in the queue instead)', async () => {
    const [a, b] = await Promise.all([connect(DAPP), connect(WALLET)])
    const id = await a.result('irn_subscribe', { topic: topic(5) })
    await expect(a.result('irn_unsubscribe', { topic: topic(5), id })).resolves.toBe(true)
    await b.result('irn_publish', { topic: topic(5), message: 'eA==', ttl: 300 })
    expect(relay.stats().queuedMessages).toBe(1)
    expect(a.pendingDeliveries()).toEqual([])
  })

  it('batchSubscribe, batchPublish and batchUnsubscribe work on every listed topic', async () => {
    const [a, b] = await Promise.all([connect(DAPP), connect(WALLET)])
    const ids = await a.result('irn_batchSubscribe', { topics: [topic(6), topic(7)] })
    expect(ids).toEqual([subscriptionId(topic(6), DAPP), subscriptionId(topic(7), DAPP)])
    await b.result('irn_batchPublish', {
      messages: [
        { topic: topic(6), message: 'Ng==', ttl: 300 },
        { topic: topic(7), message: 'Nw==', ttl: 300 },
      ],
    })
    expect((await a.delivery(topic(6))).params.data.message).toBe('Ng==')
    expect((await a.delivery(topic(7))).params.data.message).toBe('Nw==')
    await expect(
      a.result('irn_batchUnsubscribe', {
        subscriptions: [
          { topic: topic(6), id: subscriptionId(topic(6), DAPP) },
          { topic: topic(7), id: subscriptionId(topic(7), DAPP) },
        ],
      }),
    ).resolves.toBe(true)
    expect(relay.stats().subscriptions).toBe(0)
  })

  it('batchFetchMessages returns {messages, hasMore} pages of 500 and removes what it returns', async () => {
    const b = await connect(WALLET)
    const topics = [topic(8), topic(9), topic(10)]
    for (const t of topics) {
      const messages = Array.from({ length: 200 }, (_, i) => ({
        topic: t,
        message: `m${i}`,
        ttl: 300,
      }))
      await b.result('irn_batchPublish', { messages })
    }
    const a = await connect(DAPP)
    const page1 = (await a.result('irn_batchFetchMessages', { topics })) as {
      messages: { topic: string; message: string; publishedAt: number; tag: number }[]
      hasMore: boolean
    }
    expect(page1.messages).toHaveLength(500)
    expect(page1.hasMore).toBe(true)
    expect(page1.messages[0]).toMatchObject({ topic: topic(8), message: 'm0', tag: 0 })
    const page2 = (await a.result('irn_batchFetchMessages', { topics })) as typeof page1
    expect(page2.messages).toHaveLength(100)
    expect(page2.hasMore).toBe(false)
    expect(relay.stats().queuedMessages).toBe(0)
  })
})

describe('wc_proposeSession / wc_approveSession (sign-client 2.25 publishCustom)', () => {
  let relay: LocalRelay
  const open: RawClient[] = []

  beforeEach(async () => {
    relay = await startRelay()
  })

  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()))
    await relay.stop()
  })

  it('routes the proposal, the response and the settle request, subscribing each sender', async () => {
    const dapp = await RawClient.open(relay.url, DAPP)
    const wallet = await RawClient.open(relay.url, WALLET)
    open.push(dapp, wallet)
    const pairing = topic(0xa1)
    const session = topic(0xb2)

    await expect(
      dapp.result('wc_proposeSession', {
        pairingTopic: pairing,
        sessionProposal: 'cHJvcG9zYWw=',
        ttl: 300,
        attestation: '',
        correlationId: 42,
      }),
    ).resolves.toBe(true)
    await wallet.result('irn_subscribe', { topic: pairing })
    const proposal = await wallet.delivery(pairing)
    expect(proposal.params.data).toMatchObject({
      message: 'cHJvcG9zYWw=',
      tag: 1100,
      attestation: '',
    })
    wallet.ack(proposal.id)

    await wallet.result('wc_approveSession', {
      sessionTopic: session,
      pairingTopic: pairing,
      sessionProposalResponse: 'cmVzcG9uc2U=',
      sessionSettlementRequest: 'c2V0dGxl',
      ttl: 300,
      correlationId: 42,
    })
    // The dapp was subscribed to the pairing topic by its wc_proposeSession.
    const response = await dapp.delivery(pairing)
    expect(response.params.data).toMatchObject({ message: 'cmVzcG9uc2U=', tag: 1101 })
    dapp.ack(response.id)
    // The settle request waits on the session topic until the dapp subscribes.
    await dapp.result('irn_subscribe', { topic: session })
    const settle = await dapp.delivery(session)
    expect(settle.params.data).toMatchObject({ message: 'c2V0dGxl', tag: 1102 })
    dapp.ack(settle.id)

    // The wallet was subscribed to the session topic by its wc_approveSession.
    await dapp.result('irn_publish', { topic: session, message: 'YWNr', ttl: 300, tag: 1103 })
    expect((await wallet.delivery(session)).params.data.message).toBe('YWNr')
  })
})
