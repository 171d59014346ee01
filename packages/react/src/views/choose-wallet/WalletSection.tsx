import { connectWalletList, route, selectActiveNamespace, type WalletItem } from '@latch/core'
import { useSelector } from '../../hooks/useSelector.js'
import { useWalletDirectory } from '../../hooks/useWalletDirectory.js'
import { useId, useMemo, useState } from 'react'
import { useLatch, useT } from '../../hooks/useLatch.js'
import {
  useChoosePairing,
  useChooseWallet,
  WalletButton,
  WalletLinks,
} from '../shared/WalletRow.js'

/**
 * The Connect view's wallet section: recent, installed, then recommended wallets in the host's
 * connector-type order (core's connectWalletList), and a row to the full list with its count.
 * Installed wallets come from discovery and fill in as they announce themselves; the directory
 * part is core's list (`latch.walletDirectory`), loaded at idle or when Connect first shows.
 */
export function WalletSection() {
  const latch = useLatch()
  const t = useT()
  const choose = useChooseWallet()
  const pair = useChoosePairing()
  const linksId = useId()
  const { options } = latch
  const connectors = useSelector(latch.actor, (s) => s.context.connectors)
  const activeNamespace = useSelector(latch.network, selectActiveNamespace)
  // Core keeps them (read from storage once the instance has started, updated on connect).
  const recentWallets = useSelector(latch.actor, (s) => s.context.recentWallets)
  const { pool, count, status } = useWalletDirectory('walletDirectory').directory
  const items = useMemo(
    () =>
      connectWalletList({
        connectors,
        activeNamespace,
        recentWallets,
        directoryPool: pool,
        options,
        walletConnect: latch.walletConnectAvailable,
      }),
    [connectors, activeNamespace, recentWallets, pool, options, latch.walletConnectAvailable],
  )
  const [expanded, setExpanded] = useState<string | undefined>()

  const onChoose = (item: WalletItem) => {
    if (item.connect) choose(item.connect)
    else if (item.pair) pair(item.pair)
    else setExpanded((current) => (current === item.id ? undefined : item.id))
  }

  return (
    <ul className="latch-list" aria-label={t('view.Connect.wallets')}>
      {items.map((item) => (
        <li key={item.id}>
          <WalletButton
            item={item}
            expanded={expanded === item.id}
            controls={linksId}
            onClick={() => onChoose(item)}
          />
          {expanded === item.id ? <WalletLinks item={item} id={linksId} /> : null}
        </li>
      ))}
      <li>
        <button
          type="button"
          className="latch-list-item"
          onClick={() => latch.modal.send({ type: 'PUSH', route: route('AllWallets') })}
        >
          <span>{t('view.Connect.allWallets')}</span>
          {status === 'ready' && count > 0 ? (
            <>
              {' '}
              <span className="latch-tag">{count}</span>
            </>
          ) : null}
        </button>
      </li>
    </ul>
  )
}
