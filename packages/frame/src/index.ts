// @latch/frame: the secure-iframe protocol (SPEC §7 "Secure iframe messages"). Everything is
// here; `@latch/frame/client` and `@latch/frame/endpoint` are the two ends alone. The package
// has no side effects: a bundle keeps only the modules it uses (the constants, the error and
// the safe-method list carry no zod).

export * from './constants.js'
export * from './errors.js'
export * from './rpc-methods.js'
export * from './events/primitives.js'
export { defineEvent, type EventSchemas } from './events/define.js'
export { userSchema, type FrameUser } from './events/user.js'
export { authEvents } from './events/auth.js'
export { emailUpdateEvents } from './events/email-update.js'
export { accountEvents } from './events/account.js'
export { rpcEvents, rpcMethodSchema, signInEvents } from './events/rpc.js'
export { syncEvents } from './events/sync.js'
export * from './events/notices.js'
export * from './events/event-map.js'
export * from './protocol/messages.js'
export * from './protocol/dropped.js'
export * from './protocol/windows.js'
export * from './host/index.js'
export * from './frame/index.js'
