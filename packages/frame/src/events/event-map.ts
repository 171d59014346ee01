import type * as z from 'zod/mini'
import { accountEvents } from './account.js'
import type { EventSchemas } from './define.js'
import { authEvents } from './auth.js'
import { emailUpdateEvents } from './email-update.js'
import { rpcEvents, signInEvents } from './rpc.js'
import { syncEvents } from './sync.js'

/**
 * Every app event of SPEC §7 with its request and `_SUCCESS` schemas. Each has an `_ERROR` reply
 * too, whose payload is always `{ message }` ({@link errorPayloadSchema}).
 */
export const appEvents = {
  ...authEvents,
  ...emailUpdateEvents,
  ...accountEvents,
  ...rpcEvents,
  ...signInEvents,
  ...syncEvents,
}

/** The name of an app event (`'CONNECT_EMAIL'`, `'RPC_REQUEST'`, …). */
export type AppEventType = keyof typeof appEvents

/** The request payload of event `T` (`undefined` for an event that carries none). */
export type AppRequest<T extends AppEventType> = z.infer<(typeof appEvents)[T]['request']>

/** The `_SUCCESS` payload of event `T`. */
export type AppSuccess<T extends AppEventType> = z.infer<(typeof appEvents)[T]['success']>

/** The event map as types: event name → its request and success payloads. */
export type AppEventMap = {
  [T in AppEventType]: { readonly request: AppRequest<T>; readonly success: AppSuccess<T> }
}

/** The reply names of event `T`, as SPEC §7 spells them. */
export type AppReplyType<T extends AppEventType = AppEventType> = `${T}_SUCCESS` | `${T}_ERROR`

/**
 * The map typed key by key. Indexed with a generic `T`, it keeps `T`'s own payload types, where
 * `appEvents[type]` would widen to every event's; the two ends parse through it.
 */
type TypedEventSchemas = {
  readonly [T in AppEventType]: EventSchemas<
    z.ZodMiniType<AppRequest<T>>,
    z.ZodMiniType<AppSuccess<T>>
  >
}

/** The request and success schemas of event `type`, typed for `type`. */
export function eventSchemas<T extends AppEventType>(type: T): TypedEventSchemas[T] {
  const typed: TypedEventSchemas = appEvents
  return typed[type]
}

/** Whether `value` names an app event (an own key of the map, never a prototype property). */
export function isAppEventType(value: unknown): value is AppEventType {
  return typeof value === 'string' && Object.hasOwn(appEvents, value)
}
