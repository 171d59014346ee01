import { WebSocket } from 'ws'
import { afterEach, describe, expect, it } from 'vitest'
import { startRelay } from './index.js'
import { RawClient, topic, until } from './test/raw-client.js'
import type { LocalRelay, RelayOptions } from './types.js'

describe('startRelay server', () => {
  let relay: LocalRelay | undefined
  const open: RawClient[] = []
  const start = async (options?: RelayOptions) => {
    relay = await startRelay(options)
    return relay
  }
  const connect = async (r: LocalRelay, iss?: string) => {
    const client = await RawClient.open(r.url, iss)
    open.push(client)
    return client
  }

  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()))
    await relay?.stop()
    relay = undefined
  })

  it('listens on 127.0.0.1 with the verify origin on the same port', async () => {
    const r = await start()
    expect(r.url).toBe(`ws://127.0.0.1:${r.port}`)
    expect(r.verifyUrl).toBe(`http://127.0.0.1:${r.port}`)
    const res = await fetch(`${r.verifyUrl}/nothing-here`)
    expect(res.status).toBe(404)
  })

  it('rejects invalid options with a readable error', async () => {
    await expect(startRelay({ pingIntervalMs: 30_000 })).rejects.toThrow(
      /pingIntervalMs must be < 30000/,
    )
    await expect(startRelay({ port: -1 })).rejects.toThrow(/invalid options \(port/)
  })

  it('answers malformed frames with JSON-RPC errors and keeps serving', async () => {
    const r = await start()
    const c = await connect(r, 'did:key:z6MkBad')
    const nextError = () => c.next((f) => f.error !== undefined, 'error frame')

    c.sendRaw('{not json')
    expect(await nextError()).toMatchObject({ id: null, error: { code: -32700 } })
    c.sendRaw('[1,2,3]')
    expect(await nextError()).toMatchObject({ id: null, error: { code: -32600 } })
    c.sendRaw(JSON.stringify({ id: 'x1', method: 'irn_publish', params: {} }))
    expect(await nextError()).toMatchObject({ id: 'x1', error: { code: -32600 } })
    // A bare id past 2^53 would come back rounded: refused instead.
    c.sendRaw('{"id":18446744073709551615,"jsonrpc":"2.0","method":"irn_subscribe","params":{}}')
    expect(await nextError()).toMatchObject({ id: null, error: { code: -32600 } })
    c.sendRaw(Buffer.from([1, 2, 3]), true)
    expect(await nextError()).toMatchObject({ error: { code: -32600 } })

    const unknown = await c.call('irn_teleport', {})
    expect(unknown.error?.code).toBe(-32601)
    const badTopic = await c.call('irn_subscribe', { topic: '<script>' })
    expect(badTopic.error).toMatchObject({ code: -32602 })
    expect(badTopic.error?.message).toMatch(/topic must be 64 hex characters/)
    const badTtl = await c.call('irn_publish', { topic: topic(1), message: 'eA==', ttl: -5 })
    expect(badTtl.error?.code).toBe(-32602)

    await expect(c.result('irn_subscribe', { topic: topic(1) })).resolves.toEqual(
      expect.any(String),
    )
    expect(r.stats().malformed).toBe(8)
  })

  it('closes a socket that sends a frame over maxMessageBytes (1009) and stays up', async () => {
    const r = await start({ maxMessageBytes: 2048 })
    const c = await connect(r)
    c.sendRaw(
      JSON.stringify({
        id: '1',
        jsonrpc: '2.0',
        method: 'irn_publish',
        params: { message: 'x'.repeat(4096) },
      }),
    )
    expect((await c.closed).code).toBe(1009)
    const other = await connect(r)
    await expect(other.result('irn_subscribe', { topic: topic(1) })).resolves.toEqual(
      expect.any(String),
    )
  })

  it('refuses upgrades past maxConnections with HTTP 503', async () => {
    const r = await start({ maxConnections: 2 })
    await connect(r)
    await connect(r)
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(r.url)
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0)
        ws.terminate()
      })
      ws.on('open', () => reject(new Error('third connection was accepted')))
      ws.on('error', () => {})
    })
    expect(status).toBe(503)
    expect(r.stats()).toMatchObject({ connections: 2, rejectedConnections: 1 })
  })

  it('refuses new topics past maxTopics with a capacity error', async () => {
    const r = await start({ maxTopics: 2 })
    const c = await connect(r)
    await c.result('irn_subscribe', { topic: topic(1) })
    await c.result('irn_publish', { topic: topic(2), message: 'eA==', ttl: 300 })
    const refused = await c.call('irn_publish', { topic: topic(3), message: 'eA==', ttl: 300 })
    expect(refused.error).toMatchObject({ code: -32000 })
    expect(refused.error?.message).toMatch(/at most 2 topics/)
    // Known topics still work.
    await expect(
      c.result('irn_publish', { topic: topic(1), message: 'eQ==', ttl: 300 }),
    ).resolves.toBe(true)
    expect(r.stats().topics).toBe(2)
  })

  it('keeps at most maxQueuePerTopic messages, dropping the oldest', async () => {
    const r = await start({ maxQueuePerTopic: 3 })
    const publisher = await connect(r, 'did:key:z6MkPub')
    for (const n of [1, 2, 3, 4, 5]) {
      await publisher.result('irn_publish', { topic: topic(1), message: `m${n}`, ttl: 300 })
    }
    expect(r.stats()).toMatchObject({ queuedMessages: 3, dropped: 2 })
    const reader = await connect(r, 'did:key:z6MkReader')
    await reader.result('irn_subscribe', { topic: topic(1) })
    const got = [await reader.delivery(), await reader.delivery(), await reader.delivery()]
    expect(got.map((d) => d.params.data.message)).toEqual(['m3', 'm4', 'm5'])
  })

  it('drops queued messages once their ttl has passed (injected clock)', async () => {
    let now = 1_700_000_000_000
    const r = await start({ now: () => now, maxTtlSeconds: 3600 })
    const publisher = await connect(r, 'did:key:z6MkPub')
    await publisher.result('irn_publish', { topic: topic(1), message: 'c2hvcnQ=', ttl: 300 })
    await publisher.result('irn_publish', { topic: topic(1), message: 'bG9uZw==', ttl: 86_400 })
    now += 301_000
    const reader = await connect(r, 'did:key:z6MkReader')
    await reader.result('irn_subscribe', { topic: topic(1) })
    const delivery = await reader.delivery()
    expect(delivery.params.data).toMatchObject({
      message: 'bG9uZw==',
      publishedAt: 1_700_000_000_000,
    })
    expect(r.stats().dropped).toBe(1)

    // ttl is capped at maxTtlSeconds (3600 s here), so the day-long message is gone after an hour.
    now += 3600_000
    await reader.close()
    const late = await connect(r, 'did:key:z6MkLate')
    const fetched = (await late.result('irn_batchFetchMessages', { topics: [topic(1)] })) as {
      messages: unknown[]
    }
    expect(fetched.messages).toEqual([])
    expect(r.stats()).toMatchObject({ queuedMessages: 0, dropped: 2 })
  })

  it('sends WebSocket pings at the configured interval', async () => {
    const r = await start({ pingIntervalMs: 20 })
    const c = await connect(r)
    let pings = 0
    c.socket.on('ping', () => pings++)
    await until(() => pings >= 3, 'three pings')
    expect(c.socket.readyState).toBe(WebSocket.OPEN)
  })

  it('terminates a socket that does not answer pings', async () => {
    const r = await start({ pingIntervalMs: 20 })
    const silent = await RawClient.open(r.url, undefined, { autoPong: false })
    open.push(silent)
    const lively = await connect(r)
    const { code } = await silent.closed
    expect(code).toBe(1006)
    expect(lively.socket.readyState).toBe(WebSocket.OPEN)
    await until(() => r.stats().connections === 1, 'silent socket removed')
  })

  it('restart() drops sockets, listens on the same port and keeps queued messages', async () => {
    const r = await start()
    const port = r.port
    const publisher = await connect(r, 'did:key:z6MkPub')
    await publisher.result('irn_publish', { topic: topic(1), message: 'a2VwdA==', ttl: 300 })
    await r.restart()
    expect((await publisher.closed).code).toBe(1006)
    expect(r.port).toBe(port)
    expect(r.stats()).toMatchObject({ connections: 0, queuedMessages: 1 })
    const reader = await connect(r, 'did:key:z6MkReader')
    await reader.result('irn_subscribe', { topic: topic(1) })
    expect((await reader.delivery()).params.data.message).toBe('a2VwdA==')
  })

  it('stop() is idempotent and frees the port', async () => {
    const r = await start()
    await r.stop()
    await r.stop()
    const again = await startRelay({ port: r.port })
    await again.stop()
  })
})
