import { walletIconUrl, type Connection } from '@latch/core'
import { useId } from 'react'
import { shortAddress } from '../../components/format.js'
import { useT } from '../../hooks/useLatch.js'

export interface OtherConnectionsProps {
  connections: readonly Connection[]
  onSwitch(connection: Connection): void
}

/** SPEC §4: the other connections, each of which can become the current one. */
export function OtherConnections({ connections, onSwitch }: OtherConnectionsProps) {
  const t = useT()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="latch-muted">
        {t('view.Account.otherConnections')}
      </h3>
      <ul className="latch-list">
        {connections.map((connection) => {
          const address = connection.accounts[0]?.address ?? ''
          const wallet = connection.connector?.name ?? connection.connectorId
          return (
            <li
              key={`${connection.namespace}:${connection.connectorId}`}
              className="latch-list-item"
            >
              {/* Wallet-supplied name and icon: only text, and core's image rule for the icon. */}
              {connection.connector ? (
                <img src={walletIconUrl(connection.connector)} alt="" />
              ) : null}
              <span>
                <span>{wallet}</span> <span className="latch-muted">{shortAddress(address)}</span>
              </span>
              <button
                type="button"
                className="latch-button"
                data-variant="secondary"
                style={{ marginInlineStart: 'auto' }}
                aria-label={t('view.Account.switchConnectionLabel', { wallet, address })}
                onClick={() => onSwitch(connection)}
              >
                {t('view.Account.switchConnection')}
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
