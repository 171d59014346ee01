import type { SnapshotFrom } from 'xstate'
import { EMAIL_FLOW_IDLE, type EmailFlowView } from '../code-flow.js'
import type { emailLoginMachine } from './email-login.machine.js'

export type EmailLoginSnapshot = SnapshotFrom<typeof emailLoginMachine>

/** The email login's step, failure, address and resend time; idle while none runs. */
export function selectEmailLogin(snapshot: EmailLoginSnapshot | undefined): EmailFlowView {
  if (!snapshot) return EMAIL_FLOW_IDLE
  const { context } = snapshot
  return {
    step: String(snapshot.value),
    error: context.error,
    email: context.email,
    resendAt: context.resendAt,
  }
}
