import { useCopy } from '../../hooks/useCopy.js'
import { useT } from '../../hooks/useLatch.js'

/**
 * Copies the pairing link, for a wallet on this device or one that cannot scan. Core's toast
 * confirms (or says the clipboard refused); disabled until there is a link.
 */
export function CopyLinkButton({ uri }: { uri?: string }) {
  const t = useT()
  const copy = useCopy('pairing.copied', 'pairing.copyFailed')
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
