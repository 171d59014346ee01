import { connectMethodsFor } from '@latch/core'
import { useSelector } from '../../hooks/useSelector.js'
import { useMemo } from 'react'
import { useLatch } from '../../hooks/useLatch.js'
import { useConnectSections } from '../connect-sections.js'
import type { ViewProps } from '../view-props.js'

/**
 * Choose a connection method (SPEC §2). Core orders the methods: email, social, wallet by
 * default; wallet first once an injected or announced wallet is visible; the host's
 * `features.connectMethodsOrder` over both. The order in force is on `data-method-order`, so it
 * can be checked while only the wallet section exists. Each method's section comes from its own
 * flow through the registry's slot (connect-sections.ts). Eager: paints on the first frame after
 * open, and the wallets fill in as they are discovered.
 */
export function Connect(_: ViewProps<'Connect'>) {
  const latch = useLatch()
  const sections = useConnectSections()
  const connectors = useSelector(latch.actor, (s) => s.context.connectors)
  const features = useSelector(latch.actor, (s) => s.context.features)
  const order = useMemo(
    () =>
      connectMethodsFor({
        // Email and social login need the secure frame, served by the host's Latch server
        // (SPEC §4): without one they are not offered.
        features: {
          ...features,
          email: features.email && latch.auth.enabled,
          socials: latch.auth.available ? features.socials : false,
        },
        connectors,
        excludeWalletIds: latch.options.excludeWalletIds,
      }),
    [
      features,
      connectors,
      latch.options.excludeWalletIds,
      latch.auth.enabled,
      latch.auth.available,
    ],
  )
  return (
    <div className="latch-connect" data-method-order={order.join(' ')}>
      {order.map((method) => {
        const Section = sections[method]
        return <Section key={method} />
      })}
    </div>
  )
}
