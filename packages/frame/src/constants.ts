import type { AppEventType } from './events/event-map.js'

/** SPEC §9 "Iframe ready delay": after READY, the host waits this long before its first request. */
export const FRAME_READY_DELAY_MS = 500

/** SPEC §9 "Iframe load timeout": READY must arrive within this time of mounting the frame. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000

/** SPEC §9 "Iframe request timeout": a reply to {@link REQUEST_TIMEOUT_EVENTS} must arrive within this time of sending. */
export const FRAME_REQUEST_TIMEOUT_MS = 30_000

/**
 * SPEC §9: the load timeout is not applied to theme sync, dapp-data sync and the preferred
 * account. These wait for the frame however long it takes to load (they are state the frame
 * mirrors, useful whenever it arrives), and are rejected only by `destroy()`.
 */
export const LOAD_TIMEOUT_EXEMPT_EVENTS: readonly AppEventType[] = [
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'SET_PREFERRED_ACCOUNT',
]

/** SPEC §9: the events with a request timeout (email, device, OTP, social, social redirect). */
export const REQUEST_TIMEOUT_EVENTS: readonly AppEventType[] = [
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
]

/**
 * The tag on the two handshake messages that travel over `window.postMessage` (READY, and the
 * host's port transfer), so they are told apart from any other traffic on either window.
 */
export const FRAME_PROTOCOL = 'latch-frame/1'

/**
 * The iframe URL's query parameters. SPEC §7 names the first four; `parentOrigin` is the host
 * page's origin, which the frame checks against its allow-list and then uses as the exact
 * target of READY, so a page that lies about it never receives READY.
 */
export const FRAME_QUERY_PARAMS = {
  projectId: 'projectId',
  chainId: 'chainId',
  version: 'version',
  enableLogger: 'enableLogger',
  parentOrigin: 'parentOrigin',
} as const
