import { tokenRowsOf, type NativeBalance, type Network, type TokenBalance } from '@latch/core'
import { displayBalance } from '../../components/format.js'
import { useT } from '../../hooks/useLatch.js'
import { useLatchAccountData } from '../../hooks/useLatchAccount.js'
import { TokenLogo } from '../shared/KnownLogo.js'
import { BalanceText } from './BalanceText.js'
import { RowEnd, RowText } from './RowParts.js'
import { usdAmount } from '../shared/usd.js'

/**
 * SPEC §2 Tokens: each token's quantity, price and value, and the total in USD. The list is
 * core's (balances/: the wallet's discovery, else the Latch server, else the RPC, with SPEC §4's
 * rules applied); while the native balance loads, its row says so.
 */
export function TokensPanel({
  balance,
  network,
}: {
  balance: NativeBalance
  network: Network | undefined
}) {
  const t = useT()
  const data = useLatchAccountData()
  const { tokens, totalUsd } = tokenRowsOf(data, network)
  const nativeLoading = balance.status === 'loading' && !tokens.some((x) => !x.address)
  return (
    <div>
      {totalUsd !== undefined ? (
        <p className="latch-center" style={{ margin: '8px 0' }}>
          <span className="latch-muted">{t('view.Account.tokens.total')}</span>{' '}
          <span style={{ fontWeight: 600 }}>
            {t('view.Account.usd', { value: usdAmount(totalUsd) })}
          </span>
        </p>
      ) : null}
      <ul className="latch-list" aria-label={t('view.Account.tokens.list')}>
        {nativeLoading ? (
          <li className="latch-list-item">
            {network ? (
              <TokenLogo
                token={{ symbol: network.nativeCurrency.symbol, chainId: network.caipNetworkId }}
                name={network.nativeCurrency.name}
              />
            ) : null}
            {network ? <span>{network.nativeCurrency.name}</span> : null}
            <span className="latch-tag">
              <BalanceText balance={balance} />
            </span>
          </li>
        ) : null}
        {tokens.map((token) => (
          <TokenRow key={token.address ?? token.symbol} token={token} balance={balance} />
        ))}
      </ul>
    </div>
  )
}

function TokenRow({ token, balance }: { token: TokenBalance; balance: NativeBalance }) {
  const t = useT()
  // The native row shows core's native balance as written (SPEC §8's '0.00' fallback included).
  const amount =
    !token.address && balance.status === 'ready' ? (
      <BalanceText balance={balance} />
    ) : (
      <span>
        {t('view.Account.balance', {
          balance: displayBalance(token.quantity.numeric),
          symbol: token.symbol,
        })}
      </span>
    )
  return (
    <li className="latch-list-item">
      <TokenLogo token={token} name={token.name} />
      <RowText>
        <span>{token.name}</span>
        {token.price ? (
          <span className="latch-muted">
            {t('view.Account.tokens.price', {
              price: t('view.Account.usd', { value: usdAmount(token.price) }),
            })}
          </span>
        ) : null}
      </RowText>
      <RowEnd>
        <span className="latch-tag">{amount}</span>
        {token.value !== undefined ? (
          <span className="latch-muted">
            {t('view.Account.usd', { value: usdAmount(token.value) })}
          </span>
        ) : null}
      </RowEnd>
    </li>
  )
}
