export type { TokenBalance } from './token-balance.js'
