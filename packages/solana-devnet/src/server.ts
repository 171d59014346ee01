/**
 * The devnet's HTTP server: JSON-RPC on `POST /`, `GET /health` as a node answers it, and the
 * WebSocket (PubSub) endpoint on the same port, so one port (LATCH_SOLANA_PORT) is the devnet.
 * CORS is open, as on public RPC nodes: the playground's page calls it from another origin.
 */
import { LOOPBACK_HOST, listenOnLoopback, readBody } from '@latch/local-kit'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { SolanaChain } from './chain.js'
import { httpMethods } from './rpc/methods/index.js'
import { answerJsonRpc } from './rpc/jsonrpc.js'
import { createPubSubServer } from './ws.js'

/** The loopback host the devnet binds to: nothing is exposed beyond it. */
export const SOLANA_DEVNET_HOST = LOOPBACK_HOST

// Far above any real request (a transaction is at most 4 KiB, 100 addresses ~5 KiB).
const MAX_BODY_BYTES = 512 * 1024

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  // kit sends `solana-client`; any header is fine on a local chain.
  'access-control-allow-headers': '*',
  'access-control-max-age': '86400',
}

/** A listening RPC server. */
export interface RpcServer {
  readonly port: number
  readonly rpcUrl: string
  readonly wsUrl: string
  /** Closes every connection and socket; resolves once the port is free. */
  close(): Promise<void>
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  type = 'application/json',
): void {
  response.writeHead(status, { ...CORS_HEADERS, 'content-type': type })
  response.end(body)
}

async function handle(chain: SolanaChain, request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS_HEADERS)
    response.end()
    return
  }
  if (request.method === 'GET' && path === '/health') {
    send(response, 200, 'ok', 'text/plain; charset=utf-8')
    return
  }
  if (path !== '/') {
    send(response, 404, 'Not Found', 'text/plain; charset=utf-8')
    return
  }
  if (request.method !== 'POST') {
    send(
      response,
      405,
      'Used HTTP Method is not allowed. POST or OPTIONS is required',
      'text/plain',
    )
    return
  }
  const body = await readBody(request, MAX_BODY_BYTES)
  if (body === undefined) {
    send(response, 413, 'Payload Too Large', 'text/plain; charset=utf-8')
    return
  }
  const answer = await answerJsonRpc(body, httpMethods, { chain })
  // Only notifications: JSON-RPC sends nothing back.
  if (answer === undefined) {
    response.writeHead(204, CORS_HEADERS)
    response.end()
    return
  }
  send(response, 200, answer)
}

/**
 * Serves a chain on 127.0.0.1. Port 0 takes a free one from the OS at bind time, so there is no
 * window in which another process can take it first.
 * @throws Error (EADDRINUSE) when a given port is taken.
 */
export async function startRpcServer(chain: SolanaChain, port: number): Promise<RpcServer> {
  const pubSub = createPubSubServer(chain)
  const server = createServer((request, response) => {
    handle(chain, request, response).catch(() => {
      if (!response.headersSent) send(response, 500, 'Internal Server Error', 'text/plain')
      else response.destroy()
    })
  })
  server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (path !== '/') {
      socket.destroy()
      return
    }
    pubSub.handleUpgrade(request, socket, head)
  })
  // pubSub first: its sockets share the server's port.
  const served = await listenOnLoopback(server, port, () => pubSub.close()).catch((error) => {
    pubSub.close()
    throw error
  })
  return {
    port: served.port,
    rpcUrl: served.url,
    wsUrl: `ws://${SOLANA_DEVNET_HOST}:${served.port}`,
    close: served.close,
  }
}
