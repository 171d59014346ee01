import { useSharedSelector } from '../hooks/useSelector.js'
import { useLatch, useT } from '../hooks/useLatch.js'
import { errorKey } from '../i18n/translator.js'

/** SPEC §8 alerts about the host's setup (e.g. Project ID Not Configured), shown in the modal. */
export function AlertBar() {
  const latch = useLatch()
  const t = useT()
  const alerts = useSharedSelector(latch.actor, (s) => s.context.alerts)
  if (alerts.length === 0) return null
  return (
    <div role="alert" aria-label={t('alert.region')}>
      {alerts.map((alert) => (
        <p key={alert.code} className="latch-alert">
          {t(errorKey(alert.code), alert.values)}
        </p>
      ))}
    </div>
  )
}
