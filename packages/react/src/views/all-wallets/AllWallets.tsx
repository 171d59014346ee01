import {
  IMAGE_PRELOAD_LIMIT,
  allWalletsList,
  imagesToPreload,
  preloadImages,
  selectActiveNamespace,
  type WalletItem,
} from '@latch/core'
import { useSelector } from '../../hooks/useSelector.js'
import { useWalletDirectory } from '../../hooks/useWalletDirectory.js'
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Spinner } from '../../components/ui/Spinner.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { errorKey } from '../../i18n/translator.js'
import { useChoosePairing, useChooseWallet, WalletLinks } from '../shared/WalletRow.js'
import type { ViewProps } from '../view-props.js'
import { loadImage } from './load-image.js'
import { WalletList } from './WalletList.js'
import { useTaskFocus } from '../../modal/task-focus.js'

/**
 * The full wallet directory: 4 recommended first, then 40 per page with infinite scroll, or a
 * search of up to 100 results (core's `latch.allWallets`, the browse the root runs while this
 * view is on show, and allWalletsList). The built-in directory answers a keystroke synchronously;
 * a remote one is debounced by core. An installed wallet connects when chosen; another shows its
 * links above the list.
 */
export function AllWallets(_: ViewProps<'AllWallets'>) {
  const latch = useLatch()
  const t = useT()
  // Focus lands here when the view shows (issue 37: focus where the task is).
  const task = useTaskFocus()
  const choose = useChooseWallet()
  const pair = useChoosePairing()
  const searchId = useId()
  const linksId = useId()
  const { options } = latch
  const { actor, directory } = useWalletDirectory('allWallets')
  const connectors = useSelector(latch.actor, (s) => s.context.connectors)
  const activeNamespace = useSelector(latch.network, selectActiveNamespace)
  const items = useMemo(
    () =>
      allWalletsList({
        search: directory.search,
        wallets: directory.wallets,
        pool: directory.pool,
        connectors,
        activeNamespace,
        options,
        walletConnect: latch.walletConnectAvailable,
      }),
    [
      directory.search,
      directory.wallets,
      directory.pool,
      connectors,
      activeNamespace,
      options,
      latch.walletConnectAvailable,
    ],
  )
  const [text, setText] = useState('')
  const [selected, setSelected] = useState<WalletItem | undefined>()
  const loadMore = useCallback(() => actor?.send({ type: 'LOAD_MORE' }), [actor])
  usePreloadedImages(items)

  const onChoose = (item: WalletItem) => {
    if (item.connect) choose(item.connect)
    else if (item.pair) pair(item.pair)
    else setSelected((current) => (current?.id === item.id ? undefined : item))
  }

  const failed = directory.status === 'failed'
  const empty = directory.status === 'ready' && items.length === 0
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <label htmlFor={searchId} className="latch-visually-hidden">
        {t('view.AllWallets.search')}
      </label>
      <input
        {...task}
        id={searchId}
        type="search"
        className="latch-input"
        placeholder={t('view.AllWallets.search')}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          actor?.send({ type: 'SEARCH', text: event.target.value })
        }}
      />
      <p role="status" className="latch-visually-hidden">
        {directory.search && directory.status === 'ready'
          ? t('view.AllWallets.results', { count: items.length })
          : ''}
      </p>
      {selected ? (
        <section aria-label={selected.name}>
          <WalletLinks item={selected} id={linksId} />
        </section>
      ) : null}
      {failed ? (
        <div className="latch-center" role="alert">
          <p>{t('view.AllWallets.error')}</p>
          {directory.error ? (
            <p className="latch-error">
              {t(errorKey(directory.error.code), directory.error.values)}
            </p>
          ) : null}
          <button
            type="button"
            className="latch-button"
            onClick={() => latch.actor.send({ type: 'RETRY' })}
          >
            {t('view.AllWallets.retry')}
          </button>
        </div>
      ) : null}
      {empty ? <p className="latch-center latch-muted">{t('view.AllWallets.empty')}</p> : null}
      {directory.status === 'loading' && items.length === 0 ? (
        <div className="latch-center" role="status">
          <Spinner label={t('view.AllWallets.loading')} />
        </div>
      ) : null}
      {items.length > 0 ? (
        <WalletList
          items={items}
          total={directory.count}
          hasMore={directory.hasMore && !failed}
          loading={directory.status !== 'ready'}
          onLoadMore={loadMore}
          onChoose={onChoose}
          expandedId={selected?.id}
          linksId={linksId}
          resetKey={directory.search}
        />
      ) : null}
    </div>
  )
}

/**
 * SPEC §9: preloads the first wallet images, at most 20 per opening, each given up after 2 s
 * (core's preloadImages); every other icon loads lazily as its row scrolls in.
 */
function usePreloadedImages(items: readonly WalletItem[]) {
  const preloaded = useRef(new Set<string>())
  useEffect(() => {
    const picked = imagesToPreload(
      items.slice(0, IMAGE_PRELOAD_LIMIT).map((item) => item.imageUrl),
      IMAGE_PRELOAD_LIMIT - preloaded.current.size,
      preloaded.current,
    )
    if (picked.length === 0) return
    // Counted when started, not when done, so slow images never let more than 20 begin.
    for (const url of picked) preloaded.current.add(url)
    void preloadImages(picked, loadImage)
  }, [items])
}
