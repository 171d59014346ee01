import { Spinner } from '../../components/ui/Spinner.js'
import { useT } from '../../hooks/useLatch.js'
import { FailureText } from '../shared/FailureText.js'
import { useEmailLogin } from './useEmailLogin.js'
import type { ViewProps } from '../view-props.js'

/**
 * SPEC §4: the first login from this device. The frame waits (CONNECT_DEVICE) until the visitor
 * approves the device from the link in the email, then core shows the code view.
 */
export function EmailVerifyDevice({ route }: ViewProps<'EmailVerifyDevice'>) {
  const t = useT()
  const login = useEmailLogin()
  return (
    <div className="latch-center">
      <h3 style={{ margin: 0 }}>{t('view.EmailVerifyDevice.heading')}</h3>
      <p className="latch-muted" style={{ margin: 0 }}>
        {t('view.EmailVerifyDevice.description', { email: route.data.email })}
      </p>
      {login.step === 'verifyingDevice' ? (
        <span role="status">
          <Spinner label={t('view.EmailVerifyDevice.waiting')} />
        </span>
      ) : (
        <FailureText failure={login.error} />
      )}
    </div>
  )
}
