// The few window and event members each end uses, as structural types: a real `Window`,
// `HTMLIFrameElement.contentWindow` and `MessageEvent` satisfy them, and so do the in-memory
// fakes the tests use. Nothing here touches a global.

/** The part of a `MessageEvent` the two ends read. */
export interface FrameMessageEvent {
  readonly data: unknown
  readonly origin: string
  readonly source: unknown
  readonly ports: readonly MessagePort[]
}

/** A listener for `message` events. */
export type FrameMessageListener = (event: FrameMessageEvent) => void

/** Something that emits `message` events: the host's window, or the frame's own. */
export interface MessageListenerTarget {
  addEventListener(type: 'message', listener: FrameMessageListener): void
  removeEventListener(type: 'message', listener: FrameMessageListener): void
}

/** A window one can post to: the iframe's `contentWindow` (host side), `window.parent` (frame side). */
export interface PostMessageTarget {
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void
}

/** The origin of `url`, or `undefined` for an unparsable URL or an opaque origin (`'null'`). */
export function originOf(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined
  const { origin } = new URL(url)
  return origin === 'null' ? undefined : origin
}

/** Whether `value` is exactly an origin (`scheme://host[:port]`, nothing after). */
export function isOrigin(value: string): boolean {
  return originOf(value) === value
}
