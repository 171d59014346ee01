// A stand-in Latch server for core's client tests: a real node:http server on 127.0.0.1 that
// records every request and answers each path as the test says (404 otherwise). It is not the
// server (packages/server); it only lets core's clients be tested over a real socket, offline.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the server received. */
export interface ReceivedRequest {
  method: string
  /** The path, without the query. */
  path: string
  query: Record<string, string>
  /** The parsed JSON body, for a POST. */
  body?: unknown
  headers: IncomingMessage['headers']
}

/** How to answer a path: a status and a JSON body, or `'hang'` to never answer. */
export type Answer = { status: number; body: unknown } | 'hang'

export interface FakeLatchServer {
  /** The server's root URL (`http://127.0.0.1:{port}`). */
  url: string
  received: ReceivedRequest[]
  /** Sets the answer for a path (`/appkit/v1/config`, `/getWallets`, …). */
  answer(path: string, answer: Answer): void
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text === '' ? undefined : (JSON.parse(text) as unknown)
}

export async function startFakeLatchServer(): Promise<FakeLatchServer> {
  const answers = new Map<string, Answer>()
  const received: ReceivedRequest[] = []
  const hanging = new Set<() => void>()
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1')
      const body = await readBody(request)
      received.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        ...(body !== undefined ? { body } : {}),
        headers: request.headers,
      })
      const answer = answers.get(url.pathname) ?? { status: 404, body: { error: 'Not found' } }
      if (answer === 'hang') {
        hanging.add(() => response.destroy())
        return
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer.body))
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, answer) => void answers.set(path, answer),
    async close() {
      for (const end of hanging) end()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
