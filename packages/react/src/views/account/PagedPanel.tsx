import type { AccountListView } from '@latch/core'
import { useEffect, useRef, type ReactNode } from 'react'
import { Spinner } from '../../components/ui/Spinner.js'
import { useT } from '../../hooks/useLatch.js'

export interface PagedPanelProps {
  list: AccountListView<unknown>
  /** Spoken while the first page loads. */
  loadingLabel: string
  emptyLabel: string
  /** Shown when the read failed (the list is then empty). */
  failedLabel: string
  onRetry(): void
  onLoadMore(): void
  /** The filled list. */
  children: ReactNode
}

/**
 * One tab's paged list in each of its states: loading (spoken), failed (the reason and Try
 * again, never a spinner), empty, filled. A filled list with more pages loads the next one when
 * its end scrolls into view (infinite scroll), and offers a Load more button for keyboards and
 * screen readers; core pages, this only asks.
 */
export function PagedPanel(props: PagedPanelProps) {
  const t = useT()
  const { list } = props
  if (list.status === 'failed') {
    return (
      <div className="latch-center">
        <p role="alert" className="latch-error">
          {props.failedLabel}
        </p>
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          onClick={props.onRetry}
        >
          {t('view.Account.retry')}
        </button>
      </div>
    )
  }
  if (list.items.length === 0) {
    return list.status === 'ready' || list.status === 'idle' ? (
      <p className="latch-center latch-muted">{props.emptyLabel}</p>
    ) : (
      <p className="latch-center" role="status">
        <Spinner label={props.loadingLabel} />
      </p>
    )
  }
  return (
    <>
      {props.children}
      <ListEnd list={list} onLoadMore={props.onLoadMore} />
    </>
  )
}

function ListEnd({ list, onLoadMore }: { list: AccountListView<unknown>; onLoadMore(): void }) {
  const t = useT()
  const sentinel = useRef<HTMLDivElement>(null)
  const canLoad = list.hasMore && list.status === 'ready'
  // Scrolling to the end is the user's intent to see more: the observer only reports it.
  useEffect(() => {
    const element = sentinel.current
    if (!element || !canLoad || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [canLoad, onLoadMore])
  return (
    <div ref={sentinel} className="latch-center">
      {list.status === 'loadingMore' ? (
        <p role="status">
          <Spinner label={t('view.Account.loadingMore')} />
        </p>
      ) : canLoad ? (
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          onClick={onLoadMore}
        >
          {t('view.Account.loadMore')}
        </button>
      ) : null}
    </div>
  )
}
