import { useT } from '../../hooks/useLatch.js'
import { useEmailUpdate } from './useEmailUpdate.js'
import { OtpForm } from '../shared/OtpForm.js'
import type { ViewProps } from '../view-props.js'

/** SPEC §4 email update, primary step: the code sent to the current address. */
export function UpdateEmailPrimaryOtp({ route }: ViewProps<'UpdateEmailPrimaryOtp'>) {
  const t = useT()
  const update = useEmailUpdate()
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <p style={{ margin: 0 }}>
        {t('view.UpdateEmailPrimaryOtp.description', { email: route.data.email })}
      </p>
      <OtpForm
        busy={update.step === 'verifyingPrimary'}
        failure={update.step === 'enteringPrimaryOtp' ? update.error : undefined}
        onSubmit={(otp) => update.actor?.send({ type: 'SUBMIT_CODE', otp })}
      />
    </div>
  )
}
