import type { NativeBalance } from '@latch/core'
import { displayBalance } from '../../components/format.js'
import { Spinner } from '../../components/ui/Spinner.js'
import { useT } from '../../hooks/useLatch.js'

/** A native balance, or a spoken loading state while core reads it. */
export function BalanceText({ balance }: { balance: NativeBalance }) {
  const t = useT()
  if (balance.status === 'loading') {
    return (
      <span role="status">
        <Spinner label={t('view.Account.balanceLoading')} />
      </span>
    )
  }
  // Core's '0.00' fallback is shown as written; a real amount is cut for display.
  const amount = balance.isFallback ? balance.balance : displayBalance(balance.balance)
  return <span>{t('view.Account.balance', { balance: amount, symbol: balance.symbol })}</span>
}
