// `@latch/local-kit/testing`: the tests of the local parts' commands (Node, under vitest).
export { useCommand } from './cli.js'
export type { CommandRunner, CompiledCommand, RunningCommand, ServingCommand } from './cli.js'
export { freePort } from './ports.js'
