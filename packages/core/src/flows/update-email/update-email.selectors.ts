import type { SnapshotFrom } from 'xstate'
import { EMAIL_FLOW_IDLE, type EmailFlowView } from '../code-flow.js'
import type { updateEmailMachine } from './update-email.machine.js'

export type UpdateEmailSnapshot = SnapshotFrom<typeof updateEmailMachine>

/** The email update's step, failure and new address; idle while none runs. */
export function selectEmailUpdate(snapshot: UpdateEmailSnapshot | undefined): EmailFlowView {
  if (!snapshot) return EMAIL_FLOW_IDLE
  const { context } = snapshot
  return {
    step: String(snapshot.value),
    error: context.error,
    email: context.newEmail,
    resendAt: undefined,
  }
}
