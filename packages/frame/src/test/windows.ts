import type { FrameWindow } from '../frame/parent-origin.js'
import type { MountedFrame } from '../host/options.js'
import type {
  FrameMessageEvent,
  FrameMessageListener,
  MessageListenerTarget,
  PostMessageTarget,
} from '../protocol/windows.js'

// An in-memory host page and iframe that model what the protocol relies on from a browser:
// `postMessage` delivers asynchronously, only when the target origin is the receiver's exact
// origin (or '*'), with `event.origin` and `event.source` set by the "browser" (this file), never
// by the sender; data is structured-cloned and MessagePorts are transferred (Node's real ones).

// Captured before any test installs fake timers: deliveries must not wait for a fake clock.
const realSetImmediate = globalThis.setImmediate

/** Lets every queued delivery (window posts and real MessagePort messages) run. */
export async function flush(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await new Promise<void>((resolve) => realSetImmediate(resolve))
  }
}

/** A window's `message` listeners. */
class Listeners implements MessageListenerTarget {
  private readonly listeners = new Set<FrameMessageListener>()

  addEventListener(_type: 'message', listener: FrameMessageListener) {
    this.listeners.add(listener)
  }

  removeEventListener(_type: 'message', listener: FrameMessageListener) {
    this.listeners.delete(listener)
  }

  get size() {
    return this.listeners.size
  }

  /** Delivers `event` on a later turn, to the listeners present then. */
  deliver(event: FrameMessageEvent) {
    realSetImmediate(() => {
      for (const listener of [...this.listeners]) listener(event)
    })
  }
}

function portsIn(transfer: readonly Transferable[]): MessagePort[] {
  return transfer.filter((item): item is MessagePort => item instanceof MessagePort)
}

/** One post as the sender made it. */
export interface Post {
  readonly message: unknown
  readonly targetOrigin: string
  readonly transfer: readonly Transferable[]
}

/** A window that accepts posts for `origin` only, as if sent from `sender` at `senderOrigin`. */
class WindowView implements PostMessageTarget {
  readonly posts: Post[] = []

  constructor(
    private readonly receiver: Listeners,
    private readonly receiverOrigin: () => string,
    private readonly senderOrigin: string,
    private readonly sender: () => unknown,
  ) {}

  postMessage(message: unknown, targetOrigin: string, transfer: Transferable[] = []) {
    this.posts.push({ message, targetOrigin, transfer })
    if (targetOrigin !== '*' && targetOrigin !== this.receiverOrigin()) return
    this.receiver.deliver({
      data: structuredClone(message),
      origin: this.senderOrigin,
      source: this.sender(),
      ports: portsIn(transfer),
    })
  }
}

/** Where the frame believes its parent is, as a browser would tell it. */
export interface FrameLocationSetup {
  /** `location.ancestorOrigins` (Chromium); default `[hostOrigin]`. */
  readonly ancestorOrigins?: readonly string[]
  /** `document.referrer`; default the host page's URL. */
  readonly referrer?: string
}

/** The host page, its iframe, and the frame's own window, wired to each other. */
export interface WindowPair {
  readonly hostOrigin: string
  readonly frameOrigin: string
  /** The host page's window: the client listens here. */
  readonly host: Listeners
  /** The frame's own window: the endpoint listens here and posts to its `parent`. */
  readonly frame: FrameWindow & { readonly listeners: Listeners }
  /** The iframe's `contentWindow` as the host holds it: what `mount` returns. */
  readonly iframe: WindowView
  /** The host page as the frame holds it (`window.parent`). */
  readonly parent: WindowView
  /** The `mount` option: records the src, sets the frame's location, returns the iframe. */
  mount(src: string): MountedFrame
  /** Every src mounted so far, and how many times the iframe was removed. */
  readonly mounted: string[]
  readonly removed: { count: number }
  /** Delivers any event to the host window, with whatever origin and source a forger wants. */
  forgeToHost(event: Partial<FrameMessageEvent> & { data: unknown }): void
  /** Delivers any event to the frame's window. */
  forgeToFrame(event: Partial<FrameMessageEvent> & { data: unknown }): void
}

/** A new host page on `hostOrigin` ready to embed a frame on `frameOrigin`. */
export function createWindowPair(
  options: { hostOrigin?: string; frameOrigin?: string } & FrameLocationSetup = {},
): WindowPair {
  const hostOrigin = options.hostOrigin ?? 'https://host.example'
  const frameOrigin = options.frameOrigin ?? 'https://frame.example'
  const host = new Listeners()
  const frameListeners = new Listeners()
  const location = {
    search: '',
    ancestorOrigins: options.ancestorOrigins ?? [hostOrigin],
  }
  const document = { referrer: options.referrer ?? `${hostOrigin}/app` }
  // The two views of each other: posts through `iframe` arrive at the frame from `parent`,
  // and posts through `parent` arrive at the host from `iframe`.
  const views: { iframe?: WindowView; parent?: WindowView } = {}
  const iframe = new WindowView(
    frameListeners,
    () => frameOrigin,
    hostOrigin,
    () => views.parent,
  )
  const parent = new WindowView(
    host,
    () => hostOrigin,
    frameOrigin,
    () => views.iframe,
  )
  views.iframe = iframe
  views.parent = parent
  const frame = {
    listeners: frameListeners,
    parent,
    location,
    document,
    addEventListener: (type: 'message', listener: FrameMessageListener) =>
      frameListeners.addEventListener(type, listener),
    removeEventListener: (type: 'message', listener: FrameMessageListener) =>
      frameListeners.removeEventListener(type, listener),
  }
  const mounted: string[] = []
  const removed = { count: 0 }
  const withDefaults = (event: Partial<FrameMessageEvent> & { data: unknown }) => ({
    origin: '',
    source: null,
    ports: [],
    ...event,
  })
  return {
    hostOrigin,
    frameOrigin,
    host,
    frame,
    iframe,
    parent,
    mounted,
    removed,
    mount(src) {
      mounted.push(src)
      location.search = new URL(src).search
      return { window: iframe, remove: () => (removed.count += 1) }
    },
    forgeToHost: (event) => host.deliver(withDefaults(event)),
    forgeToFrame: (event) => frameListeners.deliver(withDefaults(event)),
  }
}
