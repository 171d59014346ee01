import { useId, useState, type FormEvent } from 'react'
import { Spinner } from '../../components/ui/Spinner.js'
import { useT } from '../../hooks/useLatch.js'
import { FailureText } from '../shared/FailureText.js'
import { useEmailUpdate } from './useEmailUpdate.js'
import type { ViewProps } from '../view-props.js'

/**
 * SPEC §4 email update, first step: the new address. Core then asks for a code sent to the
 * current address (UpdateEmailPrimaryOtp), then one sent to the new one (UpdateEmailSecondaryOtp).
 */
export function UpdateEmailWallet(_: ViewProps<'UpdateEmailWallet'>) {
  const t = useT()
  const id = useId()
  const [email, setEmail] = useState('')
  const update = useEmailUpdate()
  const sending = update.step === 'requesting'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    update.actor?.send({ type: 'SUBMIT_EMAIL', email })
  }
  return (
    <form onSubmit={submit} noValidate style={{ display: 'grid', gap: 8 }}>
      <label htmlFor={`${id}-email`}>{t('view.UpdateEmailWallet.label')}</label>
      <input
        id={`${id}-email`}
        className="latch-input"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={sending}
        aria-invalid={update.error ? true : undefined}
      />
      <FailureText failure={update.step === 'enteringEmail' ? update.error : undefined} />
      <button type="submit" className="latch-button" disabled={sending || email.trim() === ''}>
        {t('view.UpdateEmailWallet.submit')}
      </button>
      {sending ? (
        <span role="status">
          <Spinner label={t('view.UpdateEmailWallet.sending')} />
        </span>
      ) : null}
    </form>
  )
}
