import { startEmailLogin } from '@latch/core'
import { useId, useState, type FormEvent } from 'react'
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
  // One field (issue 37): the label is spoken, the placeholder says "Email" to the eye, and the
  // submit sits in the field's end as an arrow named "Continue".
  return (
    <form onSubmit={submit} className="latch-stack" style={{ display: 'grid', gap: 8 }} noValidate>
      <label htmlFor={`${id}-email`} className="latch-visually-hidden">
        {t('view.ConnectingEmail.label')}
      </label>
      <div className="latch-field-with-action">
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
        <button
          type="submit"
          className="latch-icon-button latch-field-action"
          aria-label={t('view.ConnectingEmail.submit')}
          disabled={sending || email.trim() === ''}
        >
          {sending ? (
            <span className="latch-spinner latch-spinner-small" aria-hidden="true" />
          ) : (
            <ArrowIcon />
          )}
        </button>
      </div>
      <FailureText failure={failure} id={`${id}-error`} />
      {sending ? (
        <span role="status" className="latch-visually-hidden">
          {t('view.ConnectingEmail.sending')}
        </span>
      ) : null}
    </form>
  )
}

/** The submit's arrow, decorative (the button is named); mirrored in right-to-left layouts. */
function ArrowIcon() {
  return (
    <svg
      className="latch-mirror-rtl"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M5 12h13M13 6l6 6-6 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
