import type { AuthFailure } from '@latch/core'
import { useT } from '../../hooks/useLatch.js'
import { errorKey } from '../../i18n/translator.js'

/**
 * A login step's failure: the catalogue's text for a SPEC §8 code (translated), else the frame's
 * own message as sent (the server's "Invalid code", say). Announced, as an alert.
 */
export function FailureText({ failure, id }: { failure: AuthFailure | undefined; id?: string }) {
  const t = useT()
  if (!failure) return null
  const text = failure.code ? t(errorKey(failure.code), { ...failure.values }) : failure.message
  return (
    <p role="alert" id={id} className="latch-error" style={{ margin: 0 }}>
      {text}
    </p>
  )
}
