import { accountTabs, type AccountTab, type NativeBalance, type Network } from '@latch/core'
import { useSelector } from '../../hooks/useSelector.js'
import { useId, useRef, type KeyboardEvent } from 'react'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { useLatchAccountTab } from '../../hooks/useLatchAccountTabs.js'
import { ActivityPanel } from './ActivityPanel.js'
import { NftsPanel } from './NftsPanel.js'
import { TokensPanel } from './TokensPanel.js'

/**
 * Tokens, NFTs and Activity as a WAI-ARIA tab list with automatic activation: arrow keys move
 * (and wrap), Home and End jump, only the selected tab is in the Tab order (roving tabindex).
 * The selected tab is core's (`latch.accountData`): picking one is the intent that makes core
 * read its data, so a host without React gets the same by sending SELECT_TAB. Activity is
 * offered only while the resolved `features.activity` is on (the host's option, or the project's
 * remote configuration over it).
 */
export function AccountTabs({
  balance,
  network,
}: {
  balance: NativeBalance
  /** The account's active network, when configured. */
  network: Network | undefined
}) {
  const latch = useLatch()
  const t = useT()
  const id = useId()
  const activity = useSelector(latch.actor, (s) => s.context.features.activity)
  const tabs: readonly AccountTab[] = activity
    ? accountTabs
    : accountTabs.filter((tab) => tab !== 'activity')
  const chosen = useLatchAccountTab()
  // Activity turned off while it was picked (a remote configuration): Tokens stands in.
  const selected = tabs.includes(chosen) ? chosen : 'tokens'
  const tabRefs = useRef<Partial<Record<AccountTab, HTMLButtonElement | null>>>({})

  const choose = (tab: AccountTab) => latch.accountData.send({ type: 'SELECT_TAB', tab })
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(selected)
    const count = tabs.length
    const target = {
      ArrowRight: tabs[(index + 1) % count],
      ArrowLeft: tabs[(index - 1 + count) % count],
      Home: tabs[0],
      End: tabs[count - 1],
    }[event.key]
    if (!target) return
    event.preventDefault()
    choose(target)
    tabRefs.current[target]?.focus()
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
            onClick={() => choose(tab)}
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
            <TokensPanel balance={balance} network={network} />
          ) : tab === 'nfts' ? (
            <NftsPanel />
          ) : (
            <ActivityPanel network={network} />
          )}
        </div>
      ))}
    </div>
  )
}
