import { useT } from '../../hooks/useLatch.js'
import { useEmailLogin } from './useEmailLogin.js'
import type { ViewProps } from '../view-props.js'
import { OtpForm } from '../shared/OtpForm.js'

/**
 * SPEC §4 email login, the code step: the frame sent a code to `route.data.email`. A whole code
 * submits at once; "Resend code" is offered once the 30 s cooldown is over (SPEC §5). Core
 * connects the AUTH connector when the code is right, and the modal moves on by itself.
 */
export function EmailVerifyOtp({ route }: ViewProps<'EmailVerifyOtp'>) {
  const t = useT()
  const login = useEmailLogin()
  const { actor } = login
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <p style={{ margin: 0 }}>
        {t('view.EmailVerifyOtp.description', { email: route.data.email })}
      </p>
      <OtpForm
        busy={login.step === 'verifying' || login.step === 'sendingCode'}
        failure={login.step === 'enteringCode' ? login.error : undefined}
        onSubmit={(otp) => actor?.send({ type: 'SUBMIT_CODE', otp })}
        resend={{ at: login.resendAt, onResend: () => actor?.send({ type: 'RESEND' }) }}
      />
    </div>
  )
}
