import type { ToastVariant } from '@latch/core'
import { useLatch, useT } from '../../hooks/useLatch.js'

/**
 * Copies the pairing link, for a wallet on this device or one that cannot scan. Core's toast
 * confirms (or says the clipboard refused); disabled until there is a link.
 */
export function CopyLinkButton({ uri }: { uri?: string }) {
  const latch = useLatch()
  const t = useT()
  const toast = (message: string, variant: ToastVariant) =>
    latch.toast.send({ type: 'SHOW', toast: { message, variant } })
  const copy = async (text: string) => {
    try {
      // Absent outside secure contexts: the TypeError lands in the catch like a refusal.
      await navigator.clipboard.writeText(text)
      toast(t('pairing.copied'), 'success')
    } catch {
      toast(t('pairing.copyFailed'), 'error')
    }
  }
  return (
    <button
      type="button"
      className="latch-button"
      data-variant="secondary"
      disabled={!uri}
      onClick={() => {
        if (uri) void copy(uri)
      }}
    >
      {t('pairing.copy')}
    </button>
  )
}
