import type { Network, NetworkOption } from '@latch/core'
import { useT } from '../../hooks/useLatch.js'
import { NetworkLogo } from '../shared/KnownLogo.js'

export interface NetworkListProps {
  options: readonly NetworkOption[]
  /** The list's accessible name. */
  label: string
  onSelect(network: Network): void
}

/**
 * Configured networks as buttons, the active one marked both for sight (the tag) and for
 * assistive technology (aria-current). Shared by Networks and UnsupportedChain.
 */
export function NetworkList({ options, label, onSelect }: NetworkListProps) {
  const t = useT()
  return (
    <ul className="latch-list" aria-label={label}>
      {options.map(({ network, isActive }) => (
        <li key={network.caipNetworkId}>
          <button
            type="button"
            className="latch-list-item"
            aria-current={isActive ? 'true' : undefined}
            onClick={() => onSelect(network)}
          >
            <NetworkLogo network={network} />
            <span>{network.name}</span>
            {isActive ? <span className="latch-tag">{t('view.Networks.active')}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  )
}
