import { startRelay, type LocalRelay } from '@latch/relay'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { DISCONNECT_WAIT_MS } from './client.js'
import { pairWith, startStack, type Stack } from './test/stack.js'

let stack: Stack
let relay: LocalRelay

beforeAll(async () => {
  ;[stack, relay] = await Promise.all([startStack(), startRelay()])
}, 60_000)

afterAll(async () => {
  await Promise.allSettled([stack?.stop(), relay?.stop()])
})

afterEach(() => {
  vi.useRealTimers()
})

it('ends the session locally after DISCONNECT_WAIT_MS when the relay is gone', async () => {
  // A relay of its own, so stopping it leaves the other tests' relay alone.
  const client = await stack.client({ relayUrl: relay.url })
  const wallet = await stack.wallet({ relayUrl: relay.url })
  await pairWith(client, wallet)
  await relay.stop()

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  let done = false
  const disconnecting = client.disconnect().then(() => (done = true))
  await vi.advanceTimersByTimeAsync(DISCONNECT_WAIT_MS - 1)
  expect(done).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  await disconnecting
  expect(client.provider.session).toBe(undefined)
  expect(client.provider.client.session.getAll()).toEqual([])
  expect(await client.restore()).toBe(null)
})
