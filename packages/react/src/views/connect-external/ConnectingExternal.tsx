import {
  findConnectTarget,
  selectActiveNamespace,
  selectConnectAttempt,
  selectConnectPhase,
  type ConnectAttempt,
  type ConnectorInfo,
  walletIconUrl,
} from '@latch/core'
import { useChildSelector } from '../../hooks/useChildSelector.js'
import { useSelector } from '../../hooks/useSelector.js'
import { useMemo } from 'react'
import { Spinner } from '../../components/ui/Spinner.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { errorKey } from '../../i18n/translator.js'
import type { ViewProps } from '../view-props.js'

const sameAttempt = (a: ConnectAttempt, b: ConnectAttempt) =>
  a.status === b.status && a.error === b.error

/**
 * Waiting for a browser wallet to answer a connect request. Core starts the request when this
 * view is shown (its route flow), waiting up to SPEC §9's 1 s for a wallet named by the host to
 * be discovered; the view only renders the attempt (core's selectConnectAttempt) and sends the
 * user's Retry. On success core closes the modal.
 */
export function ConnectingExternal({ route }: ViewProps<'ConnectingExternal'>) {
  const { connectorId } = route.data
  const latch = useLatch()
  const t = useT()
  const connectors = useSelector(latch.actor, (s) => s.context.connectors)
  const activeNamespace = useSelector(latch.network, selectActiveNamespace)
  const target = useMemo(
    () => findConnectTarget(connectors, connectorId, activeNamespace),
    [connectors, connectorId, activeNamespace],
  )
  const attempt = useSelector(
    latch.connection,
    (s) => selectConnectAttempt(s, connectorId),
    sameAttempt,
  )
  const run = useSelector(latch.actor, (s) => s.context.run?.refs.connectingExternal)
  const phase = useChildSelector(run, selectConnectPhase)
  // The wallet as it was asked (pending or connected) when discovery no longer lists it.
  const known = useSelector(latch.connection, (s): ConnectorInfo | undefined =>
    s.context.pending?.connector.id === connectorId
      ? s.context.pending.connector
      : s.context.connections.find((c) => c.connectorId === connectorId)?.connector,
  )
  const wallet = target?.connector ?? known
  const retry = () => latch.actor.send({ type: 'RETRY' })

  const name = wallet?.name ?? t('view.ConnectingExternal.unknownWallet')
  const icon = wallet ? walletIconUrl(wallet) : undefined
  const failed = attempt.status === 'rejected' || attempt.status === 'failed'
  // Core gave up waiting for the wallet to be discovered: nothing to ask.
  const notFound = attempt.status === 'idle' && phase === 'walletNotFound'

  return (
    <div className="latch-center">
      {icon ? (
        <img className="latch-avatar" src={icon} alt="" style={{ width: 64, height: 64 }} />
      ) : null}
      {failed && attempt.error ? (
        <div role="alert">
          <h3 className="latch-error">
            {attempt.status === 'rejected'
              ? t('view.ConnectingExternal.declined')
              : t('view.ConnectingExternal.failed')}
          </h3>
          <p className="latch-muted">{t(errorKey(attempt.error.code), attempt.error.values)}</p>
        </div>
      ) : notFound ? (
        <div role="alert">
          <h3 className="latch-error">{t('view.ConnectingExternal.failed')}</h3>
          <p className="latch-muted">{t(errorKey('PROVIDER_NOT_FOUND'))}</p>
        </div>
      ) : attempt.status === 'connected' ? (
        <p role="status">{t('view.ConnectingExternal.connected', { wallet: name })}</p>
      ) : (
        <>
          <h3>{t('view.ConnectingExternal.continueIn', { wallet: name })}</h3>
          <p className="latch-muted">{t('view.ConnectingExternal.hint')}</p>
          <div role="status">
            <Spinner label={t('view.ConnectingExternal.waiting', { wallet: name })} />
          </div>
        </>
      )}
      {failed && target ? (
        <button type="button" className="latch-button" onClick={retry}>
          {t('view.ConnectingExternal.retry')}
        </button>
      ) : null}
    </div>
  )
}
