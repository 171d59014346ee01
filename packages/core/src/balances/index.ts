export type { TokenBalance } from './token-balance.js'
export {
  BALANCE_FALLBACK,
  BALANCE_RETRY_COOLDOWN_MS,
  isBalanceReadable,
  withoutZeroDecimalTokens,
  type BalanceTarget,
} from './balance-rules.js'
export { balanceMachine, type BalanceEmitted, type BalanceEvent } from './balance.machine.js'
export { NATIVE_BALANCE_CACHE_MS } from './balance.machine.js'
export {
  readTokenList,
  tokensFromBalances,
  totalValue,
  type PortfolioReader,
} from './token-sources.js'
export { tokenRowsOf, type TokenRows } from './token-rows.js'
