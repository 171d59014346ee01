import { useLatch, useT } from '../../hooks/useLatch.js'
import type { MessageKey } from '../../i18n/translator.js'
import { NetworkLogo } from '../shared/KnownLogo.js'
import { NetworkBadge } from '../shared/NetworkBadge.js'
import type { ViewProps } from '../view-props.js'
import { switchActiveChainMessages } from './messages.js'

/** The catalogue's name for a chain family; a namespace it does not name is shown as written. */
function useNamespaceName(namespace: string): string {
  const t = useT()
  const key = `view.SwitchActiveChain.namespace.${namespace}`
  return Object.hasOwn(switchActiveChainMessages, key) ? t(key as MessageKey) : namespace
}

/**
 * A switch to another chain family where no wallet is connected yet (SPEC §2). Continue makes
 * that namespace active; core then navigates where the route says (Connect, replacing this view).
 */
export function SwitchActiveChain({ route }: ViewProps<'SwitchActiveChain'>) {
  const latch = useLatch()
  const t = useT()
  const { switchToChain, navigateTo, navigateWithReplace, network } = route.data
  const namespace = useNamespaceName(switchToChain)

  const proceed = () =>
    latch.network.send({
      type: 'SWITCH_ACTIVE_CHAIN',
      namespace: switchToChain,
      network,
      navigateTo,
      navigateWithReplace,
    })

  return (
    <div className="latch-center">
      {network ? <NetworkLogo network={network} /> : <NetworkBadge name={namespace} />}
      <h3 style={{ margin: 0 }}>{t('view.SwitchActiveChain.heading', { namespace })}</h3>
      <p className="latch-muted" style={{ margin: 0 }}>
        {t('view.SwitchActiveChain.description', { namespace })}
      </p>
      {network ? (
        <p style={{ margin: 0 }}>
          {t('view.SwitchActiveChain.network', { network: network.name })}
        </p>
      ) : null}
      <button type="button" className="latch-button" onClick={proceed}>
        {t('view.SwitchActiveChain.continue')}
      </button>
    </div>
  )
}
