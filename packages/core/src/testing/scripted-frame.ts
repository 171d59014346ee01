import {
  eventSchemas,
  FrameError,
  type AppEventType,
  type AppSuccess,
  type FrameClient,
  type FrameClientOptions,
  type FrameNotice,
} from '@latch/frame'
import type { MountedAuthFrame } from '../auth/mount-iframe.js'
import type { LatchEnvironment } from '../latch/latch-api.js'

/** How the scripted frame answers one app event: a throw is the frame's `_ERROR`. */
export type FrameHandler = (payload: unknown, signal: AbortSignal | undefined) => unknown

/** A secure frame in memory, for tests and stories: answers from handlers, records requests. */
export interface ScriptedFrame {
  /** `LatchEnvironment.authFrame`: the frame client code and the iframe, both in memory. */
  readonly authFrame: NonNullable<LatchEnvironment['authFrame']>
  /** Every app event sent, in order (`CONNECT_EMAIL`, `CONNECT_OTP`…). */
  readonly requests: string[]
  /** Whether the iframe is shown now (an approval waits). */
  visible(): boolean
  /** Each time core showed (true) or hid (false) the iframe, in order. */
  readonly shown: boolean[]
  /** The options core created the client with, once it did. */
  options(): FrameClientOptions | undefined
  /** Sends a notice as the frame would (FRAME_APPROVAL_REQUESTED…). */
  notify(notice: FrameNotice): void
}

/** The frame's own `_ERROR` reply with `message`. */
export const frameRefusal = (message: string) =>
  new FrameError('remote', { remoteMessage: message })

/** The signal a request was made with (`request(type, payload, { signal })`). */
function signalOf(given: unknown): AbortSignal | undefined {
  return typeof given === 'object' &&
    given !== null &&
    'signal' in given &&
    given.signal instanceof AbortSignal
    ? given.signal
    : undefined
}

/**
 * A secure frame in memory: each request is answered by its handler (which sees the request's
 * signal, so a test can keep a request waiting and watch it aborted), its reply checked against
 * the event's schema as the real client checks it. An event without a handler fails like a
 * frame error. Nothing is posted and no iframe is made: core only needs the frame's window to
 * exist and to be shown or hidden.
 */
export function scriptedFrame(
  handlers: Partial<Record<AppEventType, FrameHandler>>,
): ScriptedFrame {
  const requests: string[] = []
  const shown: boolean[] = []
  let seen: FrameClientOptions | undefined
  const createFrameClient = (options: FrameClientOptions): FrameClient => {
    seen = options
    let state: FrameClient['state'] = 'idle'
    return {
      load() {
        options.mount(options.frameUrl)
        state = 'ready'
      },
      async request<T extends AppEventType>(type: T, ...args: unknown[]): Promise<AppSuccess<T>> {
        requests.push(type)
        const handler = handlers[type]
        if (!handler) throw new FrameError('remote', { event: type, remoteMessage: 'no handler' })
        const reply: AppSuccess<T> = eventSchemas(type).success.parse(
          await handler(args[0], signalOf(args[1])),
        )
        return reply
      },
      whenReady: () => Promise.resolve(),
      get state() {
        return state
      },
      dropped: { origin: 0, source: 0, invalid: 0, 'unknown-id': 0, unexpected: 0 },
      frameOrigin: new URL(options.frameUrl).origin,
      destroy() {
        state = 'destroyed'
      },
    }
  }
  const mount = (): MountedAuthFrame => ({
    window: { postMessage: () => undefined },
    remove: () => undefined,
    setVisible: (value) => void shown.push(value),
  })
  return {
    authFrame: { loader: () => Promise.resolve({ createFrameClient }), mount },
    requests,
    visible: () => shown.at(-1) ?? false,
    shown,
    options: () => seen,
    notify: (notice) => seen?.onNotice?.(notice),
  }
}
