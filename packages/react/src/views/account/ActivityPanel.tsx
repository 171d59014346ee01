import {
  activityRows,
  pendingActivityRows,
  safeImageUrl,
  type ActivityRow,
  type Network,
} from '@latch/core'
import { useCallback, useMemo } from 'react'
import { displayBalance } from '../../components/format.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { useLatchActivity, useLatchPendingTransactions } from '../../hooks/useLatchAccountTabs.js'
import { errorKey } from '../../i18n/translator.js'
import { NetworkBadge } from '../shared/NetworkBadge.js'
import { PagedPanel } from './PagedPanel.js'
import { RowEnd, RowText } from './RowParts.js'

/**
 * SPEC §2 Activity: the account's transactions, newest first, with infinite scroll by cursor;
 * in, out or self; token and NFT transfers; their status; a link to the explorer. The
 * transactions core follows (SPEC §4) lead the list as pending until they settle. On failure,
 * SPEC §8's 'Failed to fetch transactions' (also an error toast, from core) and an empty list.
 */
export function ActivityPanel({ network }: { network: Network | undefined }) {
  const latch = useLatch()
  const t = useT()
  const activity = useLatchActivity()
  const pending = useLatchPendingTransactions()
  // The transactions core still follows come first, until the server's history lists them.
  const rows = useMemo(
    () => [
      ...pendingActivityRows(pending, activity.items),
      ...activityRows(activity.items, network),
    ],
    [pending, activity.items, network],
  )
  const loadMore = useCallback(() => latch.accountData.send({ type: 'LOAD_MORE' }), [latch])
  return (
    <PagedPanel
      list={{ ...activity, items: rows }}
      loadingLabel={t('view.Account.activity.loading')}
      emptyLabel={t('view.Account.activity.empty')}
      failedLabel={t(errorKey(activity.error ?? 'FAILED_TO_FETCH_TRANSACTIONS'))}
      onRetry={() => latch.actor.send({ type: 'RETRY' })}
      onLoadMore={loadMore}
    >
      <ul className="latch-list" aria-label={t('view.Account.activity.list')}>
        {rows.map((row) => (
          <ActivityItem key={row.id} row={row} />
        ))}
      </ul>
    </PagedPanel>
  )
}

function ActivityItem({ row }: { row: ActivityRow }) {
  const t = useT()
  const image = safeImageUrl(row.imageUrl)
  const what =
    row.kind === 'call'
      ? t('view.Account.activity.call')
      : t(`view.Account.activity.${row.direction}`)
  const sign = row.direction === 'in' ? '+' : row.direction === 'out' ? '−' : ''
  return (
    <li className="latch-list-item">
      {image ? (
        <img src={image} alt="" width={24} height={24} />
      ) : (
        <NetworkBadge name={row.asset ?? what} />
      )}
      <RowText>
        <span>{what}</span>
        <span className="latch-muted">
          <time dateTime={row.minedAt}>{row.minedAt.slice(0, 10)}</time>{' '}
          <span>{t(`view.Account.activity.status.${row.status}`)}</span>
        </span>
      </RowText>
      <RowEnd>
        {row.amount !== undefined ? (
          <span className="latch-tag">
            {sign}
            {row.kind === 'nft'
              ? row.asset
              : t('view.Account.balance', {
                  balance: transferAmount(row.amount),
                  symbol: row.asset ?? '',
                })}
          </span>
        ) : null}
        {row.explorerUrl ? (
          <a href={row.explorerUrl} target="_blank" rel="noopener noreferrer">
            {t('view.Account.activity.explorer')}
            <span className="latch-visually-hidden"> {t('link.opensInNewTab')}</span>
          </a>
        ) : null}
      </RowEnd>
    </li>
  )
}

/**
 * A transfer's amount, cut like a balance (4 decimals, never rounded up) but never down to a
 * plain 0: a send of 0.00001 ETH is not a send of nothing. Below 0.0001, two significant digits.
 */
function transferAmount(amount: string): string {
  const fraction = amount.split('.')[1] ?? ''
  const firstDigit = fraction.search(/[1-9]/)
  const tiny = /^0*$/.test(amount.split('.')[0] ?? '') && firstDigit >= 4
  return displayBalance(amount, tiny ? firstDigit + 2 : 4)
}
