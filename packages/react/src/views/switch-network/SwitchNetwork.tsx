import { selectSwitchStatus, type Network } from '@latch/core'
import { Spinner } from '../../components/ui/Spinner.js'
import { useSharedSelector } from '../../hooks/useSelector.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { errorKey, type MessageKey } from '../../i18n/translator.js'
import { NetworkLogo } from '../shared/KnownLogo.js'
import type { ViewProps } from '../view-props.js'

const stepText: Record<'requesting' | 'addingChain' | 'retrying', MessageKey> = {
  requesting: 'view.SwitchNetwork.description',
  addingChain: 'view.SwitchNetwork.addingChain',
  retrying: 'view.SwitchNetwork.retrying',
}

/**
 * Confirms a switch to `route.data.network`. Showing the view is the confirmation (SPEC §2):
 * core asks the wallet when the view is shown, adds an unknown chain and retries, then goes back
 * on success and on failure, announcing a failure as an error toast (going back usually unmounts
 * this view). When the view stays (it was the first view and cannot close), it shows the error
 * with Try again, which is the user's intent sent to core.
 */
export function SwitchNetwork({ route }: ViewProps<'SwitchNetwork'>) {
  const latch = useLatch()
  const t = useT()
  const { network } = route.data
  const status = useSharedSelector(latch.network, (s) =>
    selectSwitchStatus(s, network.caipNetworkId),
  )
  const retry = () => latch.actor.send({ type: 'RETRY' })

  if (status.status === 'failed') {
    return (
      <div className="latch-center">
        <NetworkHeading network={network} />
        <p>{t('view.SwitchNetwork.failed', { network: network.name })}</p>
        <p role="alert" className="latch-error">
          {t(errorKey(status.error.code), status.error.values)}
        </p>
        <button type="button" className="latch-button" onClick={retry}>
          {t('view.SwitchNetwork.tryAgain')}
        </button>
      </div>
    )
  }

  const step = status.status === 'idle' ? undefined : status.status
  return (
    <div className="latch-center">
      <NetworkHeading network={network} />
      <h3 style={{ margin: 0 }}>{t('view.SwitchNetwork.approve')}</h3>
      <p className="latch-muted" style={{ margin: 0 }}>
        {t(stepText[step ?? 'requesting'], { network: network.name })}
      </p>
      {step ? (
        <span role="status">
          <Spinner label={t('view.SwitchNetwork.waiting')} />
        </span>
      ) : null}
    </div>
  )
}

function NetworkHeading({ network }: { network: Network }) {
  return (
    <>
      <NetworkLogo network={network} />
      <p style={{ margin: 0, fontWeight: 600 }}>{network.name}</p>
    </>
  )
}
