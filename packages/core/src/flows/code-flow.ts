import type { AuthFailure } from '../auth/auth-errors.js'

// What the embedded wallet's code flows (the email login, the email update) show alike: their
// machines differ in their steps, their views read the same four things.

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

/** Two views are the same (for a selector's equality). */
export const sameEmailFlowView = (a: EmailFlowView, b: EmailFlowView) =>
  a.step === b.step && a.error === b.error && a.email === b.email && a.resendAt === b.resendAt
