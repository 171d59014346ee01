/**
 * A bare `ws` client speaking the relay JSON-RPC by hand, for protocol tests: it records every
 * frame and lets a test await the next response or irn_subscription request.
 */
import { WebSocket, type ClientOptions } from 'ws'

export interface Frame {
  id?: number | string | null
  jsonrpc?: string
  method?: string
  params?: unknown
  result?: unknown
  error?: { code: number; message: string }
}

export interface Delivery {
  id: number
  params: {
    id: string
    data: { topic: string; message: string; publishedAt: number; tag: number; attestation?: string }
  }
}

const WAIT_MS = 5_000

export function fakeAuthJwt(iss: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ iss, sub: 'x' })}.c2ln`
}

export function topic(n: number): string {
  return n.toString(16).padStart(64, '0')
}

export class RawClient {
  readonly frames: Frame[] = []
  private readonly waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = []
  private nextId = 1
  readonly closed: Promise<{ code: number }>

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame
      const waiter = this.waiters.find((w) => w.match(frame))
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1)
        waiter.resolve(frame)
      } else {
        this.frames.push(frame)
      }
    })
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve({ code })))
  }

  /** Opens a socket the way core does (`?auth=&projectId=&ua=`); `iss` names the client. */
  static open(url: string, iss?: string, options: ClientOptions = {}): Promise<RawClient> {
    const query = new URLSearchParams({ projectId: 'test', ua: 'wc-2/js-2.25.0/raw-test' })
    if (iss) query.set('auth', fakeAuthJwt(iss))
    const socket = new WebSocket(`${url}/?${query}`, options)
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawClient(socket)))
      socket.once('error', reject)
    })
  }

  /** Resolves with the first recorded or future frame matching `match`. */
  next(match: (f: Frame) => boolean, label = 'frame'): Promise<Frame> {
    const index = this.frames.findIndex(match)
    if (index !== -1) return Promise.resolve(this.frames.splice(index, 1)[0] as Frame)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${label} within ${WAIT_MS} ms`)), WAIT_MS)
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer)
          resolve(f)
        },
      })
    })
  }

  sendRaw(data: string | Buffer, binary = false): void {
    this.socket.send(data, { binary })
  }

  /** Sends a request with a string id (as core does) and awaits its response frame. */
  async call(method: string, params: unknown): Promise<Frame> {
    const id = `${Date.now()}${this.nextId++}`
    this.socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return this.next((f) => f.id === id && f.method === undefined, `response to ${method}`)
  }

  async result(method: string, params: unknown): Promise<unknown> {
    const frame = await this.call(method, params)
    if (frame.error) throw new Error(`${method} failed: ${frame.error.message}`)
    return frame.result
  }

  /** The next irn_subscription delivery (optionally for one topic). */
  async delivery(onTopic?: string): Promise<Delivery> {
    const frame = await this.next(
      (f) =>
        f.method === 'irn_subscription' &&
        (onTopic === undefined || (f.params as Delivery['params']).data.topic === onTopic),
      'irn_subscription',
    )
    return frame as unknown as Delivery
  }

  ack(id: number, result: unknown = true): void {
    this.socket.send(JSON.stringify({ id, jsonrpc: '2.0', result }))
  }

  /** Deliveries already received and not yet consumed. */
  pendingDeliveries(): Delivery[] {
    return this.frames.filter((f) => f.method === 'irn_subscription') as unknown as Delivery[]
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return
    this.socket.close()
    await this.closed
  }
}

/** Polls `check` until it holds (a wait for an event, not a speed assertion). */
export async function until(check: () => boolean, label: string, timeoutMs = 10_000) {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${label}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
