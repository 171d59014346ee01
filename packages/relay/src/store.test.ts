import { describe, expect, it } from 'vitest'
import { MessageStore } from './store.js'

const T1 = '1'.repeat(64)
const T2 = '2'.repeat(64)

function makeStore(limits: Partial<ConstructorParameters<typeof MessageStore>[0]> = {}) {
  const clock = { now: 1_000_000 }
  const store = new MessageStore(
    { maxQueuePerTopic: 10, maxTtlSeconds: 3600, maxDeliveryAttempts: 3, ...limits },
    () => clock.now,
  )
  const publish = (topic: string, message: string, ttlSeconds = 300, publisher = 'alice') =>
    store.publish({ topic, message, ttlSeconds, tag: 0, publisher })
  return { store, clock, publish }
}

describe('MessageStore', () => {
  it('keeps messages per topic in publish order and hides a client its own messages', () => {
    const { store, publish } = makeStore()
    publish(T1, 'a', 300, 'alice')
    publish(T1, 'b', 300, 'bob')
    expect(store.pendingFor(T1, 'carol').map((m) => m.message)).toEqual(['a', 'b'])
    expect(store.pendingFor(T1, 'alice').map((m) => m.message)).toEqual(['b'])
    expect(store.pendingFor(T2, 'carol')).toEqual([])
  })

  it('removes a message on ack and forgets an emptied topic', () => {
    const { store, publish } = makeStore()
    const m = publish(T1, 'a')
    expect(store.ack(T1, m.seq)).toBe(true)
    expect(store.ack(T1, m.seq)).toBe(false)
    expect(store.hasTopic(T1)).toBe(false)
    expect(store.dropped).toBe(0)
  })

  it('drops messages past their ttl, and caps ttl at maxTtlSeconds', () => {
    const { store, clock, publish } = makeStore({ maxTtlSeconds: 600 })
    publish(T1, 'short', 60)
    publish(T1, 'capped', 86_400)
    clock.now += 61_000
    expect(store.pendingFor(T1, 'bob').map((m) => m.message)).toEqual(['capped'])
    clock.now += 600_000
    store.sweep()
    expect(store.size).toBe(0)
    expect(store.topicNames()).toEqual([])
    expect(store.dropped).toBe(2)
  })

  it('drops the oldest message past maxQueuePerTopic', () => {
    const { store, publish } = makeStore({ maxQueuePerTopic: 2 })
    for (const m of ['a', 'b', 'c']) publish(T1, m)
    expect(store.pendingFor(T1, 'bob').map((m) => m.message)).toEqual(['b', 'c'])
    expect(store.dropped).toBe(1)
  })

  it('drops a message sent maxDeliveryAttempts times without an ack', () => {
    const { store, publish } = makeStore({ maxDeliveryAttempts: 2 })
    const m = publish(T1, 'poison')
    expect(store.noteAttempt(m)).toBe(true)
    expect(store.noteAttempt(m)).toBe(true)
    expect(store.noteAttempt(m)).toBe(false)
    expect(store.size).toBe(0)
    expect(store.dropped).toBe(1)
  })

  it('fetch pages across topics, reports hasMore and removes what it returned', () => {
    const { store, publish } = makeStore()
    for (const m of ['a', 'b']) publish(T1, m)
    for (const m of ['c', 'd']) publish(T2, m)
    const page = store.fetch([T1, T2], 'bob', 3)
    expect(page.messages.map((m) => m.message)).toEqual(['a', 'b', 'c'])
    expect(page.hasMore).toBe(true)
    const rest = store.fetch([T1, T2], 'bob', 3)
    expect(rest).toMatchObject({ hasMore: false })
    expect(rest.messages.map((m) => m.message)).toEqual(['d'])
    expect(store.size).toBe(0)
  })
})
