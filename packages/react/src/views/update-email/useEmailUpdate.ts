import { sameEmailFlowView, selectEmailUpdate, type EmailFlowView, type Latch } from '@latch/core'
import { useChildSelector } from '../../hooks/useChildSelector.js'
import { useLatch } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'

type UpdateEmailActor = NonNullable<Latch['updateEmail']>

/**
 * The email update on show (core's `updatingEmail` run, SPEC §4): its step, failure and new
 * address, `idle` while none runs, and its actor for the visitor's intents.
 */
export function useEmailUpdate(): EmailFlowView & { readonly actor: UpdateEmailActor | undefined } {
  const latch = useLatch()
  const actor = useSelector(latch.actor, (s) => s.context.run?.refs.updateEmail)
  const view = useChildSelector(actor, selectEmailUpdate, sameEmailFlowView)
  return { ...view, actor }
}
