import { selectNetworkOptions, type Network } from '@latch/core'
import { useSharedSelector } from '../../hooks/useSelector.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import type { ViewProps } from '../view-props.js'
import { NetworkList } from './NetworkList.js'

/**
 * Every configured network; choosing one asks core to switch. Core's rules decide what follows
 * (nothing for the active one, SwitchNetwork, or SwitchActiveChain for another chain family).
 */
export function Networks(_: ViewProps<'Networks'>) {
  const latch = useLatch()
  const t = useT()
  const options = useSharedSelector(latch.network, (s) => selectNetworkOptions(s))
  const choose = (network: Network) => latch.network.send({ type: 'SWITCH_NETWORK', network })

  if (options.length === 0) return <p className="latch-muted">{t('view.Networks.empty')}</p>
  return <NetworkList options={options} label={t('view.Networks.list')} onSelect={choose} />
}
