import { startEmailLogin } from '@latch/core'
import { useId, useState, type FormEvent } from 'react'
import { Spinner } from '../../components/ui/Spinner.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { FailureText } from '../shared/FailureText.js'
import { useEmailLogin } from './useEmailLogin.js'

/**
 * The email field on Connect (SPEC §2: a method placed by core's order). Submitting starts the
 * login in core, which loads the secure frame then (SPEC §4: not before) and shows the code view
 * once the frame sent a code. A failure, such as the 30 s throttle, is shown under the field.
 */
export function EmailSection() {
  const latch = useLatch()
  const t = useT()
  const id = useId()
  const [email, setEmail] = useState('')
  const [loadError, setLoadError] = useState<string>()
  const login = useEmailLogin()
  const sending = login.step === 'sendingCode'
  const failure =
    login.step === 'enteringEmail' && login.error
      ? login.error
      : loadError
        ? { message: loadError }
        : undefined
  if (!latch.auth.enabled) return null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setLoadError(undefined)
    // Core's email login starts (a run of its own); the instance runs by now, but not before.
    latch.ready().then(
      () => latch.actor.send(startEmailLogin(email)),
      (error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)),
    )
  }
  return (
    <form onSubmit={submit} className="latch-stack" style={{ display: 'grid', gap: 8 }} noValidate>
      <label htmlFor={`${id}-email`}>{t('view.ConnectingEmail.label')}</label>
      <input
        id={`${id}-email`}
        className="latch-input"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('view.ConnectingEmail.placeholder')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={failure ? true : undefined}
        aria-describedby={failure ? `${id}-error` : undefined}
        disabled={sending}
      />
      <FailureText failure={failure} id={`${id}-error`} />
      <button type="submit" className="latch-button" disabled={sending || email.trim() === ''}>
        {t('view.ConnectingEmail.submit')}
      </button>
      {sending ? (
        <span role="status">
          <Spinner label={t('view.ConnectingEmail.sending')} />
        </span>
      ) : null}
    </form>
  )
}
