import { useSelector } from '../hooks/useSelector.js'
import { useLatch, useT } from '../hooks/useLatch.js'
import { errorKey } from '../i18n/translator.js'

/** Toasts are announced: a polite live region that is always present, filled by the toast machine. */
export function ToastRegion() {
  const latch = useLatch()
  const t = useT()
  const toast = useSelector(latch.toast, (s) => s.context.toast)
  return (
    <div aria-live="polite" aria-atomic="true">
      {toast ? (
        <div className="latch-toast" data-variant={toast.variant}>
          {toast.code ? t(errorKey(toast.code), toast.values) : toast.message}
        </div>
      ) : null}
    </div>
  )
}
