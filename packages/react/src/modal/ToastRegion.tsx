import { useSelector } from '@xstate/react'
import { useLatch, useT } from '../hooks/useLatch.js'

/** Toasts are announced: a polite live region that is always present, filled by the toast machine. */
export function ToastRegion() {
  const latch = useLatch()
  const t = useT()
  const toast = useSelector(latch.toast, (s) => s.context.toast)
  return (
    <div aria-live="polite" aria-label={t('toast.region')} role="status">
      {toast ? (
        <div className="latch-toast" data-variant={toast.variant}>
          {toast.message}
        </div>
      ) : null}
    </div>
  )
}
