import { startRelay, type LocalRelay } from '@latch/relay'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { pairWith, startStack, type Stack } from './test/stack.js'

let stack: Stack
let relay: LocalRelay | undefined

beforeAll(async () => {
  stack = await startStack()
}, 60_000)

afterAll(async () => {
  await stack?.stop()
  await relay?.stop()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it('shows no URI while the relay is down, and pairs on the next try once it is back', async () => {
  // A port that had a relay a moment ago and now refuses connections.
  const probe = await startRelay()
  const { port } = probe
  await probe.stop()
  const client = await stack.client({ relayUrl: `ws://127.0.0.1:${port}` })

  const abort = new AbortController()
  const uris: string[] = []
  const first = client.pair({ signal: abort.signal, onUri: (uri) => uris.push(uri) })
  const outcome = first.then(
    () => 'paired',
    (error: unknown) => error,
  )
  await sleep(2_000)
  // Core gives up after PAIRING_RELAY_WAIT_MS and shows Try again; here the view is closed early.
  expect(uris).toEqual([])
  abort.abort()
  expect(await outcome).toMatchObject({ name: 'AbortError' })

  relay = await startRelay({ port })
  const wallet = await stack.wallet({ relayUrl: relay.url })
  const started = Date.now()
  const session = await pairWith(client, wallet)
  console.log('paired after the relay came back in', Date.now() - started, 'ms')
  expect(session.topic).toBe(wallet.sessions[0]?.topic)
  expect(session.accounts.eip155).toContain(`eip155:31337:${wallet.address}`)
}, 90_000)
