import type { ToastVariant } from '@latch/core'
import { useCallback } from 'react'
import type { MessageKey } from '../i18n/translator.js'
import { useLatch, useT } from './useLatch.js'

/**
 * Copies text to the clipboard, and core's toast says it worked (`copied`) or that the clipboard
 * refused (`failed`).
 */
export function useCopy(copied: MessageKey, failed: MessageKey): (text: string) => Promise<void> {
  const latch = useLatch()
  const t = useT()
  return useCallback(
    async (text: string) => {
      const toast = (message: string, variant: ToastVariant) =>
        latch.toast.send({ type: 'SHOW', toast: { message, variant } })
      try {
        // Absent outside secure contexts: the TypeError lands in the catch like a refusal.
        await navigator.clipboard.writeText(text)
        toast(t(copied), 'success')
      } catch {
        toast(t(failed), 'error')
      }
    },
    [latch, t, copied, failed],
  )
}
