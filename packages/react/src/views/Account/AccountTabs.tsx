import type { NativeBalance } from '@latch/core'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useT } from '../../hooks/useLatch.js'
import type { MessageKey } from '../../i18n/translator.js'
import { NetworkBadge } from '../Networks/NetworkBadge.js'
import { BalanceText } from './BalanceText.js'

const tabs = ['tokens', 'nfts', 'activity'] as const
type Tab = (typeof tabs)[number]

const emptyText: Record<Exclude<Tab, 'tokens'>, MessageKey> = {
  nfts: 'view.Account.nfts.empty',
  activity: 'view.Account.activity.empty',
}

/**
 * Tokens, NFTs and Activity as a WAI-ARIA tab list with automatic activation: arrow keys move
 * (and wrap), Home and End jump, only the selected tab is in the Tab order (roving tabindex).
 * Until the data issue lands the panels show only what core really knows: the native balance,
 * and honest empty states for NFTs and Activity.
 */
export function AccountTabs({
  balance,
  currencyName,
}: {
  balance: NativeBalance
  /** The native currency's name, known from the network even while the balance loads. */
  currencyName?: string
}) {
  const t = useT()
  const id = useId()
  const [selected, setSelected] = useState<Tab>('tokens')
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({})

  const select = (tab: Tab) => {
    setSelected(tab)
    tabRefs.current[tab]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(selected)
    const target = {
      ArrowRight: tabs[(index + 1) % tabs.length],
      ArrowLeft: tabs[(index - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    }[event.key]
    if (!target) return
    event.preventDefault()
    select(target)
  }

  return (
    <div>
      <div role="tablist" aria-label={t('view.Account.tabs')} className="latch-tabs">
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              tabRefs.current[tab] = el
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            className="latch-tab"
            aria-selected={tab === selected}
            aria-controls={`${id}-panel-${tab}`}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => setSelected(tab)}
            onKeyDown={onKeyDown}
          >
            {t(`view.Account.tab.${tab}`)}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={`${id}-panel-${tab}`}
          aria-labelledby={`${id}-tab-${tab}`}
          tabIndex={0}
          hidden={tab !== selected}
        >
          {/* Hidden panels stay (aria-controls must point somewhere) but render nothing. */}
          {tab !== selected ? null : tab === 'tokens' ? (
            <NativeTokenRow balance={balance} currencyName={currencyName} />
          ) : (
            <p className="latch-center latch-muted">{t(emptyText[tab])}</p>
          )}
        </div>
      ))}
    </div>
  )
}

/** The one token core reads today: the native currency of the account's network. */
function NativeTokenRow({
  balance,
  currencyName,
}: {
  balance: NativeBalance
  currencyName?: string
}) {
  const name = currencyName ?? (balance.status === 'ready' ? balance.symbol : undefined)
  return (
    <ul className="latch-list">
      <li className="latch-list-item">
        {name ? <NetworkBadge name={name} /> : null}
        {name ? <span>{name}</span> : null}
        <span className="latch-tag">
          <BalanceText balance={balance} />
        </span>
      </li>
    </ul>
  )
}
