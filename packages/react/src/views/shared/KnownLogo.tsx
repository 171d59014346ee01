import type { LogoNetwork, LogoToken } from '@latch/core'
import { lazy, Suspense } from 'react'
import { NetworkBadge } from './NetworkBadge.js'

// Core's logo rule and its inline SVGs are a chunk of their own, fetched when a view first shows
// a network or a token: the modal's chunk, which Connect shares with Account, stays as small as
// it was. React keeps the loaded module, so every later render has the logos at once.
const KnownLogoImage = lazy(() => import('./KnownLogoImage.js'))

/**
 * A network's logo (core's `networkLogoUrl`: its own, its family's, else a generated icon),
 * decorative: the name is always written beside it. Until the logos' chunk is in, the generated
 * badge holds its place.
 */
export function NetworkLogo({ network }: { network: LogoNetwork }) {
  return (
    <Suspense fallback={<NetworkBadge name={network.name} />}>
      <KnownLogoImage network={network} />
    </Suspense>
  )
}

/**
 * A token's logo (core's `tokenLogoUrl`: by native symbol or contract address, else its own
 * image, else a generated icon), decorative like {@link NetworkLogo}; `name` is the badge's
 * letter until the logos' chunk is in.
 */
export function TokenLogo({ token, name }: { token: LogoToken; name: string }) {
  return (
    <Suspense fallback={<NetworkBadge name={name} />}>
      <KnownLogoImage token={token} />
    </Suspense>
  )
}
