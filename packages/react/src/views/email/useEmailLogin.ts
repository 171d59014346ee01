import { sameEmailFlowView, selectEmailLogin, type EmailFlowView, type Latch } from '@latch/core'
import { useChildSelector } from '../../hooks/useChildSelector.js'
import { useLatch } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'

type EmailLoginActor = NonNullable<Latch['emailLogin']>

/**
 * The email login on show (core's `connectingEmail` run, SPEC §4): its step, failure, address
 * and resend time, `idle` while none runs, and its actor for the visitor's intents.
 */
export function useEmailLogin(): EmailFlowView & { readonly actor: EmailLoginActor | undefined } {
  const latch = useLatch()
  const actor = useSelector(latch.actor, (s) => s.context.run?.refs.emailLogin)
  const view = useChildSelector(actor, selectEmailLogin, sameEmailFlowView)
  return { ...view, actor }
}
