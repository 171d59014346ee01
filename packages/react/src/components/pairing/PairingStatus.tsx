import { useT } from '../../hooks/useLatch.js'
import { errorKey } from '../../i18n/translator.js'
import type { PairingState } from '@latch/core'

/**
 * The pairing's status line. It stays one live region across every state, so a screen reader
 * hears each change (link ready, approved, declined, failed) politely, without being cut off.
 */
export function PairingStatus({ pairing }: { pairing: PairingState }) {
  const t = useT()
  const { phase, error } = pairing
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {phase === 'waiting' ? (
        <p className="latch-muted">{t('pairing.preparing')}</p>
      ) : phase === 'showing' ? (
        <p className="latch-muted">{t('pairing.ready')}</p>
      ) : phase === 'approved' ? (
        <p>{t('pairing.approved')}</p>
      ) : phase === 'rejected' ? (
        <>
          <h3 className="latch-error">{t('pairing.declined')}</h3>
          <p className="latch-muted">{t('pairing.declinedHint')}</p>
        </>
      ) : (
        <>
          <h3 className="latch-error">{t('pairing.failed')}</h3>
          {error ? <p className="latch-muted">{t(errorKey(error.code), error.values)}</p> : null}
        </>
      )}
    </div>
  )
}
