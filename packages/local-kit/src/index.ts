// `@latch/local-kit`: what the local parts' Node code shares (the chains' commands and servers).
export { runLocalCommand } from './cli.js'
export type { LocalCommand, RunningPart } from './cli.js'
export { listenOnLoopback, readBody } from './http.js'
export type { LoopbackServer } from './http.js'
export { LOOPBACK_HOST, parsePort, parsePositiveInteger, portFromEnv } from './ports.js'
