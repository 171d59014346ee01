import { socialProvidersOf } from '@latch/core'
import { useMemo } from 'react'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'
import { providerNameKey } from './provider-name.js'

/**
 * The social buttons on Connect (SPEC §2: a method placed by core's order), one per provider of
 * `features.socials`, in its order. A click calls `latch.connectSocial` at once, in the click
 * handler: core opens the popup before anything else, so popup blockers let it through, then
 * shows ConnectingSocial. Shown only when the secure frame can load (a `serverUrl` and a
 * project id), as the email field is.
 */
export function SocialSection() {
  const latch = useLatch()
  const t = useT()
  const socials = useSelector(latch.actor, (s) => s.context.features.socials)
  const providers = useMemo(() => socialProvidersOf(socials), [socials])
  if (!latch.auth.available || providers.length === 0) return null
  return (
    <div
      role="group"
      aria-label={t('view.ConnectingSocial.group')}
      className="latch-stack"
      style={{ display: 'grid', gap: 8 }}
    >
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className="latch-button"
          // The login's outcome shows in ConnectingSocial; its promise is the host's to read.
          onClick={() => void latch.connectSocial(provider).catch(() => undefined)}
        >
          {t('view.ConnectingSocial.continueWith', { provider: t(providerNameKey(provider)) })}
        </button>
      ))}
    </div>
  )
}
