import {
  eventSchemas,
  FrameError,
  type AppEventType,
  type AppSuccess,
  type FrameClient,
  type FrameClientOptions,
  type FrameNotice,
} from '@latch/frame'
import type { LatchEnvironment, MountedAuthFrame } from '@latch/core'

/** How the scripted frame answers one app event (a throw is the frame's `_ERROR`). */
type Handler = (payload: unknown) => unknown

/** A secure frame for view tests and stories: answers from `handlers`, records every request. */
export interface ScriptedFrame {
  /** `LatchEnvironment.authFrame`: the frame client code and the iframe, both in memory. */
  readonly authFrame: NonNullable<LatchEnvironment['authFrame']>
  /** Every app event sent, in order (`CONNECT_EMAIL`, `CONNECT_OTP`…). */
  readonly requests: string[]
  /** Whether the iframe is shown (an approval waits). */
  readonly visible: () => boolean
  /** Sends a notice as the frame would (FRAME_APPROVAL_REQUESTED…). */
  notify(notice: FrameNotice): void
}

/** The frame's own `_ERROR` reply with `message`. */
export const frameRefusal = (message: string) =>
  new FrameError('remote', { remoteMessage: message })

/**
 * A frame that answers each event from `handlers`, each reply checked against the event's own
 * schema as the real client checks it. Events without a handler fail like a frame error.
 */
export function scriptedFrame(handlers: Partial<Record<AppEventType, Handler>>): ScriptedFrame {
  const requests: string[] = []
  let options: FrameClientOptions | undefined
  let shown = false
  const createFrameClient = (given: FrameClientOptions): FrameClient => {
    options = given
    let state: FrameClient['state'] = 'idle'
    return {
      load() {
        given.mount(given.frameUrl)
        state = 'ready'
      },
      async request<T extends AppEventType>(type: T, ...args: unknown[]): Promise<AppSuccess<T>> {
        requests.push(type)
        const handler = handlers[type]
        if (!handler) throw new FrameError('remote', { event: type, remoteMessage: '' })
        const schema = eventSchemas(type).success
        const reply: AppSuccess<T> = schema.parse(await handler(args[0]))
        return reply
      },
      whenReady: () => Promise.resolve(),
      get state() {
        return state
      },
      dropped: { origin: 0, source: 0, invalid: 0, 'unknown-id': 0, unexpected: 0 },
      frameOrigin: new URL(given.frameUrl).origin,
      destroy() {
        state = 'destroyed'
      },
    }
  }
  const mount = (): MountedAuthFrame => {
    const element = document.createElement('iframe')
    return {
      element,
      window: { postMessage: () => undefined },
      remove: () => undefined,
      setVisible: (value) => {
        shown = value
      },
    }
  }
  return {
    authFrame: { loader: () => Promise.resolve({ createFrameClient }), mount },
    requests,
    visible: () => shown,
    notify: (notice) => options?.onNotice?.(notice),
  }
}
