import type { ChainNamespace, Connection } from '@latch/core'
import { useId } from 'react'
import { QrCode } from '../../components/pairing/QrCode.js'
import { useCopy } from '../../hooks/useCopy.js'
import { useT } from '../../hooks/useLatch.js'
import { useLatchConnections } from '../../hooks/useLatchConnections.js'
import { useLatchNetwork } from '../../hooks/useLatchNetwork.js'
import type { MessageKey } from '../../i18n/translator.js'
import { NetworkLogo } from '../shared/KnownLogo.js'
import type { ViewProps } from '../view-props.js'
import { receiveMessages } from './messages.js'

/** The catalogue's name for a chain family; a namespace it does not name is shown as written. */
function useNamespaceName(): (namespace: ChainNamespace) => string {
  const t = useT()
  return (namespace) => {
    const key = `view.Receive.namespace.${namespace}`
    return Object.hasOwn(receiveMessages, key) ? t(key as MessageKey) : namespace
  }
}

/**
 * The current account's address to receive on: as text, as a QR code (its chunk is this view's,
 * so no QR code is in a host's start-up JS), with copy, and the configured networks of its chain
 * family, where the same address receives. With connections in several chain families, each one
 * can be picked; picking one makes it the current connection (the same intent as the Account
 * view's Switch), so this view then shows that family's address.
 */
export function Receive(_: ViewProps<'Receive'>) {
  const t = useT()
  const nameOf = useNamespaceName()
  const { connections, current, switchConnection } = useLatchConnections()
  const { networks } = useLatchNetwork()
  const copy = useCopy('address.copied', 'view.Receive.copyFailed')
  const networksHeading = useId()
  const address = current?.accounts[0]?.address
  // Between a disconnect and core's route change there is no address to show.
  if (!current || !address) return null

  const namespace = nameOf(current.namespace)
  const onFamily = networks.filter((network) => network.chainNamespace === current.namespace)
  const families = oneConnectionPerNamespace(connections, current)

  return (
    <div className="latch-center">
      {families.length > 1 ? (
        <div
          role="group"
          aria-label={t('view.Receive.namespaces')}
          style={{ display: 'flex', gap: 8 }}
        >
          {families.map((connection) => (
            <button
              key={connection.namespace}
              type="button"
              className="latch-button"
              data-variant={connection === current ? undefined : 'secondary'}
              aria-pressed={connection === current}
              onClick={() => switchConnection(connection.connectorId, connection.namespace)}
            >
              {nameOf(connection.namespace)}
            </button>
          ))}
        </div>
      ) : null}
      <QrCode value={address} label={t('view.Receive.qr', { namespace })} size={200} />
      <p style={{ margin: 0 }} className="latch-muted">
        {t('view.Receive.address', { namespace })}
      </p>
      <p style={{ margin: 0, wordBreak: 'break-all', fontFamily: 'monospace' }}>{address}</p>
      <button
        type="button"
        className="latch-button"
        data-variant="secondary"
        onClick={() => void copy(address)}
      >
        {t('view.Receive.copy')}
      </button>
      {onFamily.length > 0 ? (
        <section aria-labelledby={networksHeading} style={{ width: '100%' }}>
          <h3 id={networksHeading} className="latch-muted" style={{ margin: '0 0 8px' }}>
            {t('view.Receive.networks')}
          </h3>
          <ul className="latch-list">
            {onFamily.map((network) => (
              <li
                key={network.caipNetworkId}
                className="latch-list-item"
                style={{ cursor: 'default' }}
              >
                <NetworkLogo network={network} />
                <span>{network.name}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

/** The current connection for its namespace, and the first connection of every other one. */
function oneConnectionPerNamespace(
  connections: readonly Connection[],
  current: Connection,
): Connection[] {
  const byNamespace = new Map<ChainNamespace, Connection>([[current.namespace, current]])
  for (const connection of connections) {
    if (!byNamespace.has(connection.namespace)) byNamespace.set(connection.namespace, connection)
  }
  return [...byNamespace.values()].sort((a, b) => a.namespace.localeCompare(b.namespace))
}
