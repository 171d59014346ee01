import { useT } from '../../hooks/useLatch.js'
import { useEmailUpdate } from './useEmailUpdate.js'
import { OtpForm } from '../shared/OtpForm.js'
import type { ViewProps } from '../view-props.js'

/** SPEC §4 email update, secondary step: the code sent to the new address; success stores it. */
export function UpdateEmailSecondaryOtp({ route }: ViewProps<'UpdateEmailSecondaryOtp'>) {
  const t = useT()
  const update = useEmailUpdate()
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <p style={{ margin: 0 }}>
        {t('view.UpdateEmailSecondaryOtp.description', { email: route.data.email })}
      </p>
      <OtpForm
        busy={update.step === 'verifyingSecondary'}
        failure={update.step === 'enteringSecondaryOtp' ? update.error : undefined}
        onSubmit={(otp) => update.actor?.send({ type: 'SUBMIT_CODE', otp })}
      />
    </div>
  )
}
