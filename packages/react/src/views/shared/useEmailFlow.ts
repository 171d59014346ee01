import type { AuthFailure, AuthRuntime, EmailLoginActor, UpdateEmailActor } from '@latch/core'
import { useSyncExternalStore } from 'react'
import { useLatch } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'

/**
 * One value of the instance's auth runtime (undefined until it loads on the first email login),
 * read again whenever the runtime says it changed (a flow started, an approval came).
 */
export function useAuthValue<T>(select: (runtime: AuthRuntime | undefined) => T): T {
  const { auth } = useLatch()
  return useSyncExternalStore(
    (listener) => auth.subscribe(listener),
    () => select(auth.current),
    () => select(undefined),
  )
}

const runtimeOf = (runtime: AuthRuntime | undefined) => runtime
const loginOf = (runtime: AuthRuntime | undefined) => runtime?.login
const updateOf = (runtime: AuthRuntime | undefined) => runtime?.update

/** The instance's auth runtime once loaded, else undefined. */
export function useAuthRuntime(): AuthRuntime | undefined {
  return useAuthValue(runtimeOf)
}

/** What the email views show of a flow: the step on show, its failure, and the resend time. */
export interface EmailFlowView {
  readonly step: string
  readonly error: AuthFailure | undefined
  readonly email: string | undefined
  readonly resendAt: number | undefined
}

const idle: EmailFlowView = {
  step: 'idle',
  error: undefined,
  email: undefined,
  resendAt: undefined,
}

/** A stand-in actor for before the runtime loads: one snapshot that never changes. */
const still = {
  getSnapshot: () => idle,
  subscribe: () => ({ unsubscribe: () => undefined }),
}

/** The email login's state (SPEC §4), or `idle` before one started. */
export function useEmailLogin(): EmailFlowView & { readonly actor: EmailLoginActor | undefined } {
  const actor = useAuthValue(loginOf)
  const view = useSelector(actor ?? still, (s) =>
    'value' in s
      ? {
          step: String(s.value),
          error: s.context.error,
          email: s.context.email,
          resendAt: s.context.resendAt,
        }
      : idle,
  )
  return { ...view, actor }
}

/** The email update's state (SPEC §4), or `idle` before one started. */
export function useEmailUpdate(): EmailFlowView & { readonly actor: UpdateEmailActor | undefined } {
  const actor = useAuthValue(updateOf)
  const view = useSelector(actor ?? still, (s) =>
    'value' in s
      ? {
          step: String(s.value),
          error: s.context.error,
          email: s.context.newEmail,
          resendAt: undefined,
        }
      : idle,
  )
  return { ...view, actor }
}
