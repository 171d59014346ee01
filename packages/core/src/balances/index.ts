export type { TokenBalance } from './token-balance.js'
export {
  BALANCE_FALLBACK,
  BALANCE_RETRY_COOLDOWN_MS,
  isBalanceReadable,
  withoutZeroDecimalTokens,
  type BalanceTarget,
} from './balance-rules.js'
export { balanceMachine, type BalanceEmitted, type BalanceEvent } from './balance.machine.js'
