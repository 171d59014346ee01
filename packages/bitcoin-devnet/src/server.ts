/**
 * The devnet's HTTP server on 127.0.0.1: it reads the request, hands it to the routes and writes
 * the reply. CORS is open, as on public Esplora servers: the playground's page calls it from
 * another origin.
 */
import { LOOPBACK_HOST, listenOnLoopback, readBody, type LoopbackServer } from '@latch/local-kit'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

/** The loopback host the devnet binds to: nothing is exposed beyond it. */
export const BITCOIN_DEVNET_HOST = LOOPBACK_HOST

// electrs' MAX_BODY_SIZE: far above a standard transaction (400,000 weight units ≈ 200 KB hex).
const MAX_BODY_BYTES = 1_000_000

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '86400',
}

/** What a route answers: a status and a text or JSON body. */
export interface Reply {
  readonly status: number
  readonly body: string
  readonly type: 'text' | 'json'
}

/** A request as the routes see it: the body is read only for POST. */
export interface Request {
  readonly method: string
  readonly path: string
  readonly body: string
}

export type Handler = (request: Request) => Reply

/** A listening server. */
export type HttpServer = LoopbackServer

function send(response: ServerResponse, reply: Reply): void {
  response.writeHead(reply.status, {
    ...CORS_HEADERS,
    'content-type': reply.type === 'json' ? 'application/json' : 'text/plain',
    // The chain changes under every URL at the next transaction or block.
    'cache-control': 'no-store',
  })
  response.end(reply.body)
}

async function serve(handler: Handler, request: IncomingMessage, response: ServerResponse) {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS_HEADERS)
    response.end()
    return
  }
  const method = request.method ?? 'GET'
  const path = new URL(request.url ?? '/', 'http://localhost').pathname
  const body = method === 'POST' ? await readBody(request, MAX_BODY_BYTES) : ''
  if (body === undefined) {
    send(response, { status: 413, body: 'Request body too large', type: 'text' })
    return
  }
  send(response, handler({ method, path, body }))
}

/**
 * Serves `handler` on 127.0.0.1. Port 0 takes a free one from the OS at bind time, so no other
 * process can take it in between.
 * @throws Error (EADDRINUSE) when a given port is taken.
 */
export async function startHttpServer(handler: Handler, port: number): Promise<HttpServer> {
  const server = createServer((request, response) => {
    serve(handler, request, response).catch(() => {
      if (!response.headersSent) {
        send(response, { status: 500, body: 'Internal server error', type: 'text' })
      } else response.destroy()
    })
  })
  return listenOnLoopback(server, port)
}
