export type { RelayOptions, RelayStats, LocalRelay } from './types.js'
export { startRelay } from './relay.js'
