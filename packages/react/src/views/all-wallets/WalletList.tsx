import type { WalletItem } from '@latch/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import { Spinner } from '../../components/ui/Spinner.js'
import { useT } from '../../hooks/useLatch.js'
import { WalletButton } from '../shared/WalletRow.js'

/** One row: the 48 px button of `.latch-list-item` and the list's 8 px gap. */
export const ROW_HEIGHT_PX = 56
/** Rows rendered beyond the visible ones: the next Tab stop exists, and the end is seen early. */
const OVERSCAN = 6

export interface WalletListProps {
  items: readonly WalletItem[]
  /** How many wallets the whole list has (loaded or not), for aria-setsize. */
  total: number
  /** More pages exist: a last row (the sentinel) loads the next one when it comes near. */
  hasMore: boolean
  /** Whether a page is loading now (the sentinel only asks again once it is in). */
  loading: boolean
  onLoadMore(): void
  onChoose(item: WalletItem): void
  /** The id of the wallet whose links are shown, and the links panel's element id. */
  expandedId?: string
  linksId: string
  /** Changes when the list is replaced (a new search), to scroll back to the top. */
  resetKey: string
}

/**
 * The wallet list, virtualized: only the rows in view (and a few beyond) are in the DOM, so a
 * directory of 1,000 wallets scrolls and filters smoothly. Rows keep a fixed height, so nothing
 * is measured. Each row says its place in the whole list (aria-posinset/setsize).
 */
export function WalletList(props: WalletListProps) {
  const { items, hasMore, loading, onLoadMore } = props
  const t = useT()
  const scroller = useRef<HTMLDivElement>(null)
  const count = items.length + (hasMore ? 1 : 0)
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => items[index]?.id ?? 'sentinel',
  })
  const rows = virtualizer.getVirtualItems()
  const sentinelShown = hasMore && rows.some((row) => row.index === items.length)

  useEffect(() => {
    if (sentinelShown && !loading) onLoadMore()
  }, [sentinelShown, loading, onLoadMore])

  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 })
  }, [props.resetKey])

  return (
    <div
      ref={scroller}
      data-virtual-scroller=""
      style={{
        // A definite height for the virtualizer; a short result list does not leave a gap.
        height: `min(${virtualizer.getTotalSize()}px, 400px, 55vh)`,
        overflowY: 'auto',
        overscrollBehavior: 'contain',
      }}
    >
      <ul
        className="latch-list"
        aria-label={t('view.AllWallets.list')}
        style={{ display: 'block', position: 'relative', height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const item = items[row.index]
          return (
            <li
              key={row.key}
              {...(item
                ? {
                    'aria-setsize': Math.max(props.total, items.length),
                    'aria-posinset': row.index + 1,
                  }
                : {})}
              style={{
                position: 'absolute',
                insetInline: 0,
                top: 0,
                height: ROW_HEIGHT_PX - 8,
                transform: `translateY(${row.start}px)`,
              }}
            >
              {item ? (
                <WalletButton
                  item={item}
                  lazy
                  expanded={props.expandedId === item.id}
                  controls={props.linksId}
                  onClick={() => props.onChoose(item)}
                />
              ) : (
                <div className="latch-center" role="status" style={{ padding: 0 }}>
                  <Spinner label={t('view.AllWallets.loadingMore')} />
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
