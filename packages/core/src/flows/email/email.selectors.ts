import type { SnapshotFrom } from 'xstate'
import type { AuthFailure } from '../../auth/auth-errors.js'
import type { emailLoginMachine } from './email-login.machine.js'

export type EmailLoginSnapshot = SnapshotFrom<typeof emailLoginMachine>

/** What the email views show of a login (or an update): its step, its failure, the resend time. */
export interface EmailFlowView {
  /** The machine's state (`enteringEmail`, `sendingCode`…), or `idle` while none runs. */
  readonly step: string
  readonly error: AuthFailure | undefined
  readonly email: string | undefined
  /** When another code may be asked for (SPEC §5 cooldown), epoch ms. */
  readonly resendAt: number | undefined
}

/** Nothing runs. */
export const EMAIL_FLOW_IDLE: EmailFlowView = {
  step: 'idle',
  error: undefined,
  email: undefined,
  resendAt: undefined,
}

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

/** Two views are the same (for a selector's equality). */
export const sameEmailFlowView = (a: EmailFlowView, b: EmailFlowView) =>
  a.step === b.step && a.error === b.error && a.email === b.email && a.resendAt === b.resendAt
