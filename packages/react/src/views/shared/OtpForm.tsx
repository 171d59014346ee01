import type { AuthFailure } from '@latch/core'
// SPEC §5: the codes the frame sends are six digits (core's rule, as the server checks it).
import { OTP_LENGTH as CODE_LENGTH } from '@latch/core/api'
import { useId, useState, type ClipboardEvent } from 'react'
import { Spinner } from '../../components/ui/Spinner.js'
import { useT } from '../../hooks/useLatch.js'
import { FailureText } from './FailureText.js'
import { useSecondsUntil } from './useSecondsUntil.js'
import { useTaskFocus } from '../../modal/task-focus.js'

export interface OtpFormProps {
  /** Sends the whole code (core checks it again, then asks the frame). */
  onSubmit(otp: string): void
  /** Whether core is checking a code now. */
  busy: boolean
  failure: AuthFailure | undefined
  /** With a resend: when it is allowed (epoch ms, the SPEC §5 cooldown), and how to ask. */
  resend?: { at: number | undefined; onResend(): void }
  /** With a way back to the email field. */
  onChangeEmail?: () => void
}

/**
 * One field for the whole code: typing or pasting six digits submits at once (a pasted code
 * with spaces or dashes is cleaned first). One field rather than six boxes, so a screen reader
 * hears one labelled input and the browser's one-time-code autofill fills it.
 */
export function OtpForm({ onSubmit, busy, failure, resend, onChangeEmail }: OtpFormProps) {
  const t = useT()
  // Focus lands here when the view shows (issue 37: focus where the task is).
  const task = useTaskFocus()
  const id = useId()
  const [code, setCode] = useState('')
  const wait = useSecondsUntil(resend?.at)

  const take = (raw: string) => {
    const digits = raw.replace(/\D/g, '').slice(0, CODE_LENGTH)
    setCode(digits)
    if (digits.length === CODE_LENGTH && !busy) onSubmit(digits)
  }
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    take(event.clipboardData.getData('text'))
  }
  return (
    <form
      noValidate
      style={{ display: 'grid', gap: 8 }}
      onSubmit={(event) => {
        event.preventDefault()
        if (code.length === CODE_LENGTH) onSubmit(code)
      }}
    >
      <label htmlFor={`${id}-code`}>{t('view.EmailCode.label')}</label>
      <input
        {...task}
        id={`${id}-code`}
        className="latch-input"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        value={code}
        onChange={(event) => take(event.target.value)}
        onPaste={onPaste}
        aria-describedby={`${id}-hint${failure ? ` ${id}-error` : ''}`}
        aria-invalid={failure ? true : undefined}
        disabled={busy}
        style={{ letterSpacing: '0.4em', textAlign: 'center', fontSize: '1.25em' }}
      />
      <p id={`${id}-hint`} className="latch-muted" style={{ margin: 0 }}>
        {t('view.EmailCode.hint')}
      </p>
      <FailureText failure={failure} id={`${id}-error`} />
      {busy ? (
        <span role="status">
          <Spinner label={t('view.EmailCode.verifying')} />
        </span>
      ) : null}
      {resend ? (
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          disabled={busy || wait > 0}
          onClick={resend.onResend}
        >
          {wait > 0 ? t('view.EmailCode.resendIn', { seconds: wait }) : t('view.EmailCode.resend')}
        </button>
      ) : null}
      {onChangeEmail ? (
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          onClick={onChangeEmail}
        >
          {t('view.EmailCode.changeEmail')}
        </button>
      ) : null}
    </form>
  )
}
