import { onTestFinished, vi } from 'vitest'
import { FRAME_PROTOCOL } from '../constants.js'
import {
  createFrameEndpoint,
  type FrameEndpoint,
  type FrameEndpointOptions,
  type FrameHandlers,
} from '../frame/endpoint.js'
import type { AllowedParentOrigins } from '../frame/parent-origin.js'
import { createFrameClient, type FrameClient } from '../host/client.js'
import type { FrameClientOptions } from '../host/options.js'
import { readyMessageSchema } from '../protocol/messages.js'
import { sampleHandlers } from './samples.js'
import { createWindowPair, flush, type FrameLocationSetup, type WindowPair } from './windows.js'

/** A client on an in-memory host page, and the means to start its frame. */
export interface Harness {
  readonly pair: WindowPair
  readonly client: FrameClient
  readonly onTimeout: ReturnType<typeof vi.fn>
  readonly onNotice: ReturnType<typeof vi.fn>
  readonly onRefused: ReturnType<typeof vi.fn>
  /** Starts the frame's endpoint on the frame window (what the frame page does when it loads). */
  startFrame(handlers?: FrameHandlers, options?: StartOptions): FrameEndpoint
  /** `load()`, start the frame, and wait until both ends hold the port. */
  ready(handlers?: FrameHandlers): Promise<FrameEndpoint>
}

/** How a test starts the frame's endpoint: by default, allowing exactly the host's origin. */
export interface StartOptions {
  readonly parentOrigin?: string
  readonly allowedParentOrigins?: AllowedParentOrigins
  readonly onRefused?: FrameEndpointOptions['onRefused']
  readonly onInvalidResult?: FrameEndpointOptions['onInvalidResult']
}

type PairOptions = { hostOrigin?: string; frameOrigin?: string } & FrameLocationSetup

/**
 * A fresh harness for one test; everything it made is destroyed when the test ends. The ready
 * delay is 0 unless a test sets it: only the timing tests wait for SPEC §9's values.
 */
export function createHarness(
  overrides: Partial<FrameClientOptions> = {},
  pairOptions: PairOptions = {},
): Harness {
  const pair = createWindowPair(pairOptions)
  const onTimeout = vi.fn()
  const onNotice = vi.fn()
  const onRefused = vi.fn()
  const client = createFrameClient({
    frameUrl: `${pair.frameOrigin}/frame`,
    projectId: 'project-1',
    chainId: 'eip155:31337',
    version: '0.0.0',
    enableLogger: false,
    mount: (src) => pair.mount(src),
    window: pair.host,
    hostOrigin: pair.hostOrigin,
    onTimeout,
    onNotice,
    onRefused,
    ...overrides,
    timeouts: { readyDelayMs: 0, ...overrides.timeouts },
  })
  const endpoints: FrameEndpoint[] = []
  onTestFinished(() => {
    client.destroy()
    for (const endpoint of endpoints) endpoint.destroy()
  })
  const startFrame = (handlers: FrameHandlers = sampleHandlers(), options: StartOptions = {}) => {
    const { parentOrigin, allowedParentOrigins, ...rest } = options
    const common = { handlers, window: pair.frame, ...rest }
    const endpoint =
      parentOrigin === undefined
        ? createFrameEndpoint({
            ...common,
            allowedParentOrigins: allowedParentOrigins ?? [pair.hostOrigin],
          })
        : createFrameEndpoint({ ...common, parentOrigin })
    endpoints.push(endpoint)
    return endpoint
  }
  return {
    pair,
    client,
    onTimeout,
    onNotice,
    onRefused,
    startFrame,
    async ready(handlers) {
      client.load()
      const endpoint = startFrame(handlers)
      await client.whenReady()
      // With no ready delay the client can be ready before the port has reached the frame.
      await flush()
      return endpoint
    },
  }
}

/** A frame page that does the handshake by hand, then lets the test send anything on the port. */
export interface RawFrame {
  /** Every message the host sent on the port. */
  readonly received: unknown[]
  /** Posts `message` on the port, as the frame. */
  send(message: unknown): void
}

/** Sends READY to the host of `pair` and adopts the port it gets back, checking nothing. */
export function createRawFrame(pair: WindowPair): RawFrame {
  const received: unknown[] = []
  const ports: MessagePort[] = []
  pair.frame.addEventListener('message', (event) => {
    const port = event.ports[0]
    if (!port) return
    ports.push(port)
    port.addEventListener('message', (message) => received.push(message.data))
    port.start()
  })
  onTestFinished(() => ports.forEach((port) => port.close()))
  pair.parent.postMessage(
    { protocol: FRAME_PROTOCOL, type: 'READY', nonce: crypto.randomUUID() },
    pair.hostOrigin,
  )
  return {
    received,
    send(message) {
      const port = ports.at(-1)
      if (!port) throw new Error('the host has not sent its port yet')
      port.postMessage(message)
    },
  }
}

/** A host page that answers READY by hand and lets the test send anything on the port. */
export interface RawHost {
  /** Every message the frame sent on the port. */
  readonly received: unknown[]
  /** Posts `message` on the port, as the host. */
  send(message: unknown): void
  /** Resolves once READY arrived and the port was handed over. */
  readonly connected: Promise<void>
}

/** Listens for READY on the host window of `pair` and hands the frame a port. */
export function createRawHost(pair: WindowPair): RawHost {
  const received: unknown[] = []
  const channel = new MessageChannel()
  channel.port1.addEventListener('message', (event) => received.push(event.data))
  channel.port1.start()
  onTestFinished(() => channel.port1.close())
  const connected = new Promise<void>((resolve) => {
    pair.host.addEventListener('message', (event) => {
      const ready = readyMessageSchema.safeParse(event.data)
      if (!ready.success) return
      pair.iframe.postMessage(
        { protocol: FRAME_PROTOCOL, type: 'CONNECT_PORT', nonce: ready.data.nonce },
        pair.frameOrigin,
        [channel.port2],
      )
      resolve()
    })
  })
  return {
    received,
    send: (message) => channel.port1.postMessage(message),
    connected: connected.then(() => flush()),
  }
}

/**
 * `client.request(type, payload)` for a table-driven test, where `type` is any event and the
 * payload is whatever the table holds: the way a plain-JavaScript caller reaches it, with the
 * schema as the only guard. Typed calls are tested on their own.
 */
export function requestAny(
  client: FrameClient,
  type: string,
  payload: unknown,
  options?: { signal?: AbortSignal },
): Promise<unknown> {
  return Reflect.apply(client.request, client, [type, payload, options])
}
