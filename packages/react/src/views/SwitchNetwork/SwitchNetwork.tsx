import { selectSwitchStatus, type Network } from '@latch/core'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { Spinner } from '../../components/ui/Spinner.js'
import { sameJson } from '../../hooks/equal.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { errorKey, type MessageKey } from '../../i18n/translator.js'
import { NetworkBadge } from '../Networks/NetworkBadge.js'
import type { ViewProps } from '../registry.js'

const stepText: Record<'requesting' | 'addingChain' | 'retrying', MessageKey> = {
  requesting: 'view.SwitchNetwork.description',
  addingChain: 'view.SwitchNetwork.addingChain',
  retrying: 'view.SwitchNetwork.retrying',
}

/**
 * Confirms a switch to `route.data.network`. Showing the view is the confirmation: it asks core
 * once per mount (CONFIRM_SWITCH); core asks the wallet, adds an unknown chain and retries, then
 * goes back on success and on failure (SPEC §2), and core announces a failure as an error toast,
 * since going back usually unmounts this view; when the view stays (it was the first view and cannot
 * close), it also shows the error with Try again.
 */
export function SwitchNetwork({ route }: ViewProps<'SwitchNetwork'>) {
  const latch = useLatch()
  const t = useT()
  const { network } = route.data
  const status = useSelector(
    latch.network,
    (s) => selectSwitchStatus(s, network.caipNetworkId),
    sameJson,
  )
  // Render-time flag: before our CONFIRM_SWITCH, a kept error belongs to an earlier attempt.
  const [asked, setAsked] = useState(false)
  // StrictMode mounts effects twice; refs survive that, so the wallet is asked once per mount.
  const askedRef = useRef(false)

  useEffect(() => {
    if (askedRef.current) return
    askedRef.current = true
    latch.network.send({ type: 'CONFIRM_SWITCH', network })
    setAsked(true)
  }, [latch, network])

  const retry = () => latch.network.send({ type: 'CONFIRM_SWITCH', network })

  if (asked && status.status === 'failed') {
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

  const step = status.status === 'failed' || status.status === 'idle' ? undefined : status.status
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
      <NetworkBadge name={network.name} />
      <p style={{ margin: 0, fontWeight: 600 }}>{network.name}</p>
    </>
  )
}
