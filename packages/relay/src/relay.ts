/**
 * The server: one HTTP server carries the relay WebSocket (any path, upgrade) and the local
 * verify routes. Sockets are pinged every pingIntervalMs and dropped when a pong is missed.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { parseConnectionQuery } from './connection-query.js'
import { RelayHub, type HubClient } from './hub.js'
import { resolveOptions } from './options.js'
import type { LocalRelay, RelayOptions, RelayStats } from './types.js'
import { VerifyService, sendText } from './verify.js'

interface SocketState {
  client: HubClient
  /** Set by each pong; a socket still false at the next ping round missed it. */
  alive: boolean
}

/**
 * Starts a local WalletConnect relay (JSON-RPC over WebSocket at `url`) with the local verify
 * service on the same port (`verifyUrl`). Options are validated; the promise rejects on bad
 * options or when the port cannot be bound.
 */
export async function startRelay(options: RelayOptions = {}): Promise<LocalRelay> {
  const opts = resolveOptions(options)
  const hub = new RelayHub(
    {
      maxQueuePerTopic: opts.maxQueuePerTopic,
      maxTopics: opts.maxTopics,
      maxTtlSeconds: opts.maxTtlSeconds,
    },
    opts.now,
  )
  const verify = new VerifyService()
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: opts.maxMessageBytes,
    perMessageDeflate: false,
  })
  const sockets = new Map<WebSocket, SocketState>()
  let rejectedConnections = 0
  let connectionSeq = 0
  let stopped = false

  const server: Server = createServer((req, res) => {
    try {
      if (!verify.handle(req, res)) sendText(res, 404, 'Not found')
    } catch {
      if (!res.headersSent) sendText(res, 500, 'Internal error')
      else res.destroy()
    }
  })
  // Malformed HTTP must not take the process down.
  server.on('clientError', (_error, socket) => socket.destroy())

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    // ws completes (or refuses, with a 400) the handshake synchronously, so sockets.size is exact.
    if (stopped || sockets.size >= opts.maxConnections) {
      rejectedConnections++
      const body = 'Relay is at its connection limit'
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      )
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req))
  })

  function onConnection(ws: WebSocket, req: IncomingMessage): void {
    const info = parseConnectionQuery(req.url, `anonymous:${++connectionSeq}`)
    const client = hub.connect(info.clientKey, (frame) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(frame)
    })
    const state: SocketState = { client, alive: true }
    sockets.set(ws, state)
    ws.on('pong', () => {
      state.alive = true
    })
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) hub.rejectBinary(client)
      else hub.handleFrame(client, rawToString(data))
    })
    // ws reports protocol errors (e.g. a frame over maxPayload) here, then closes the socket.
    ws.on('error', () => {})
    ws.on('close', () => {
      hub.disconnect(client)
      sockets.delete(ws)
    })
  }

  const pingTimer = setInterval(() => {
    for (const [ws, state] of sockets) {
      if (!state.alive) {
        ws.terminate()
        continue
      }
      state.alive = false
      ws.ping()
    }
    hub.store.sweep()
  }, opts.pingIntervalMs)
  pingTimer.unref()

  function dropAllSockets(): void {
    for (const [ws, state] of sockets) {
      ws.terminate()
      hub.disconnect(state.client)
    }
    sockets.clear()
  }

  await listen(server, opts.port, opts.host)
  const port = boundPort(server)
  const urlHost = hostForUrl(opts.host)

  const relay: LocalRelay = {
    url: `ws://${urlHost}:${port}`,
    verifyUrl: `http://${urlHost}:${port}`,
    port,
    stats(): RelayStats {
      hub.store.sweep() // expired messages are not "queued"
      return {
        connections: sockets.size,
        topics: hub.topicCount(),
        subscriptions: hub.subscriptionCount,
        queuedMessages: hub.store.size,
        published: hub.counters.published,
        delivered: hub.counters.delivered,
        acked: hub.counters.acked,
        dropped: hub.store.dropped,
        rejectedConnections,
        malformed: hub.counters.malformed,
      }
    },
    async restart() {
      if (stopped) throw new Error('@latch/relay: restart() after stop()')
      dropAllSockets()
      await close(server)
      await listen(server, port, opts.host)
    },
    async stop() {
      if (stopped) return
      stopped = true
      clearInterval(pingTimer)
      dropAllSockets()
      wss.close()
      await close(server)
    },
  }
  return relay
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8')
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.from(data).toString('utf8')
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve()
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

function boundPort(server: Server): number {
  const address = server.address()
  if (address === null || typeof address === 'string') {
    throw new Error('@latch/relay: the server has no TCP address')
  }
  return address.port
}

/** Wildcard hosts are reachable on loopback; IPv6 literals need brackets in a URL. */
function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}
