import { createServer } from 'node:http'
import { describe, expect, it } from 'vitest'
import { listenOnLoopback, readBody } from './http.js'

/** A server answering each POST with its body's length, or 413 past `maxBytes`. */
function lengthServer(maxBytes: number) {
  return createServer((request, response) => {
    void readBody(request, maxBytes).then((body) =>
      response.writeHead(body === undefined ? 413 : 200).end(String(body?.length ?? '')),
    )
  })
}

describe('listenOnLoopback and readBody', () => {
  it('listens on 127.0.0.1 on a free port, reads bodies up to the limit, 413 past it', async () => {
    const served = await listenOnLoopback(lengthServer(10), 0)
    expect(served.port).toBeGreaterThan(0)
    expect(served.url).toBe(`http://127.0.0.1:${served.port}`)
    const small = await fetch(served.url, { method: 'POST', body: 'é'.repeat(5) })
    expect([small.status, await small.text()]).toEqual([200, '5'])
    const large = await fetch(served.url, { method: 'POST', body: 'x'.repeat(100_000) })
    expect(large.status).toBe(413)
    await served.close()
  })

  it('closes once, running beforeClose first, and frees the port', async () => {
    const order: string[] = []
    const served = await listenOnLoopback(lengthServer(10), 0, () => order.push('beforeClose'))
    await Promise.all([served.close(), served.close()])
    expect(order).toEqual(['beforeClose'])
    await expect(fetch(served.url)).rejects.toThrow()
    // The port is free again: a new server can take it.
    const again = await listenOnLoopback(lengthServer(10), served.port)
    expect(again.port).toBe(served.port)
    await again.close()
  })

  it('rejects when the port is taken', async () => {
    const taken = await listenOnLoopback(lengthServer(10), 0)
    await expect(listenOnLoopback(lengthServer(10), taken.port)).rejects.toThrow(/EADDRINUSE/)
    await taken.close()
  })
})
