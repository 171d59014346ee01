import { selectIsCloseDisabled, type SignInStep } from '@latch/core'
import { Spinner } from '../../components/ui/Spinner.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'
import { errorKey, type MessageKey } from '../../i18n/translator.js'
import type { ViewProps } from '../view-props.js'
import { useSignIn } from './useSignIn.js'

const busyText: Partial<Record<SignInStep, MessageKey>> = {
  checking: 'view.SIWXSignMessage.checking',
  preparing: 'view.SIWXSignMessage.preparing',
  awaitingWallet: 'view.SIWXSignMessage.awaitingWallet',
  verifying: 'view.SIWXSignMessage.verifying',
}

// The message is the wallet's to show too; here it wraps and scrolls rather than widen the modal.
const messageStyle = {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: 160,
  overflowY: 'auto',
  margin: '8px 0 0',
  fontSize: '0.85em',
} as const

/**
 * Sign in with the wallet (SPEC §4 "Sign-in flow", issue 30). Core's run on show looks for a
 * session, and on Sign asks the backend for a message, the wallet for its signature and the
 * backend to keep it, then closes the modal. The view shows the step, the message once written
 * (as text), and the failure ('Signature declined') with Try again; Cancel is the visitor's
 * intent, which core turns into a close, or a disconnect where sign-in is required.
 */
export function SIWXSignMessage(_: ViewProps<'SIWXSignMessage'>) {
  const latch = useLatch()
  const t = useT()
  const { step, message, error } = useSignIn()
  // Close disabled means sign-in is required and missing: Cancel will disconnect.
  const required = useSelector(latch.modal, selectIsCloseDisabled)
  const app = latch.options.metadata.name || t('view.SIWXSignMessage.thisApp')
  const busy = busyText[step]
  const send = (type: 'SIGN' | 'CANCEL') => latch.signingIn?.send({ type })

  return (
    <div className="latch-center">
      <h3 style={{ margin: 0 }}>{t('view.SIWXSignMessage.heading', { app })}</h3>
      <p className="latch-muted" style={{ margin: 0 }}>
        {t('view.SIWXSignMessage.description')}
      </p>
      {required ? (
        <p className="latch-muted" style={{ margin: 0 }}>
          {t('view.SIWXSignMessage.required')}
        </p>
      ) : null}
      {message ? (
        <details style={{ width: '100%', textAlign: 'start' }}>
          <summary>{t('view.SIWXSignMessage.message')}</summary>
          <pre style={messageStyle}>{message}</pre>
        </details>
      ) : null}
      {step === 'failed' && error ? (
        <p role="alert" className="latch-error" style={{ margin: 0 }}>
          {t(errorKey(error.code), error.values)}
        </p>
      ) : null}
      {busy ? (
        <span role="status">
          <Spinner label={t(busy)} />
        </span>
      ) : null}
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="button" className="latch-button" onClick={() => send('CANCEL')}>
          {t('view.SIWXSignMessage.cancel')}
        </button>
        <button
          type="button"
          className="latch-button"
          disabled={busy !== undefined}
          onClick={() => send('SIGN')}
        >
          {t(step === 'failed' ? 'view.SIWXSignMessage.tryAgain' : 'view.SIWXSignMessage.sign')}
        </button>
      </div>
    </div>
  )
}
