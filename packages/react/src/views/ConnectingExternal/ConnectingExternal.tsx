import {
  findConnectTarget,
  generateWalletIcon,
  safeImageUrl,
  selectActiveNamespace,
  selectConnectAttempt,
  type ConnectAttempt,
  type ConnectorInfo,
} from '@latch/core'
import { useSelector } from '@xstate/react'
import { useCallback, useEffect, useMemo } from 'react'
import { Spinner } from '../../components/ui/Spinner.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { errorKey } from '../../i18n/translator.js'
import type { ViewProps } from '../registry.js'

const sameAttempt = (a: ConnectAttempt, b: ConnectAttempt) =>
  a.status === b.status && a.error === b.error

/**
 * Waiting for a browser wallet to answer a connect request. What the attempt's state is (and
 * what counts as a rejection) comes from core's selectConnectAttempt; Retry asks the wallet
 * again. On success core closes the modal. Opened with only a connector id (e.g. by the host),
 * the view starts the connect itself once the wallet has been discovered.
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
  // The wallet as it was asked (pending or connected) when discovery no longer lists it.
  const known = useSelector(latch.connection, (s): ConnectorInfo | undefined =>
    s.context.pending?.connector.id === connectorId
      ? s.context.pending.connector
      : s.context.connections.find((c) => c.connectorId === connectorId)?.connector,
  )
  const wallet = target?.connector ?? known

  const connect = useCallback(() => {
    if (!target) return
    latch.connection.send({
      type: 'CONNECT',
      connector: target.connector,
      namespace: target.namespace,
    })
  }, [latch, target])

  useEffect(() => {
    // Read live, not from render: under StrictMode the effect runs twice and must ask once.
    if (selectConnectAttempt(latch.connection.getSnapshot(), connectorId).status === 'idle')
      connect()
  }, [latch, connectorId, connect])

  const name = wallet?.name ?? t('view.ConnectingExternal.unknownWallet')
  const icon = wallet
    ? (safeImageUrl(wallet.imageUrl) ?? generateWalletIcon(wallet.name, wallet.id))
    : undefined
  const failed = attempt.status === 'rejected' || attempt.status === 'failed'
  // Nothing to ask: no attempt under way, and no such wallet discovered (yet) to start one.
  const notFound = attempt.status === 'idle' && !target

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
        <button type="button" className="latch-button" onClick={connect}>
          {t('view.ConnectingExternal.retry')}
        </button>
      ) : null}
    </div>
  )
}
