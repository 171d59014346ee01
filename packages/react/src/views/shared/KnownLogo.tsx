import type { LogoNetwork, LogoToken } from '@latch/core'
import type * as CoreLogos from '@latch/core/logos'
import { useEffect, useState } from 'react'
import { NetworkBadge } from './NetworkBadge.js'

type Logos = typeof CoreLogos

// Core's logo rule and its inline SVGs are a chunk of their own, fetched when a view first shows
// a network or a token: the modal's chunk, which Connect shares with Account, stays as small as
// it was. Once loaded, every later render has them at once.
let logos: Logos | undefined
let loading: Promise<Logos> | undefined

function loadLogos(): Promise<Logos> {
  loading ??= import('@latch/core/logos').then((module) => (logos = module))
  return loading
}

/** Core's logos, or `undefined` on the renders before their chunk has loaded. */
function useLogos(): Logos | undefined {
  const [loaded, setLoaded] = useState(logos)
  useEffect(() => {
    if (loaded) return
    let live = true
    void loadLogos().then((module) => {
      if (live) setLoaded(module)
    })
    return () => {
      live = false
    }
  }, [loaded])
  return loaded
}

/**
 * A network's logo (core's `networkLogoUrl`: its own, its family's, else a generated icon),
 * decorative: the name is always written beside it. Until the logos' chunk is in, the generated
 * badge holds its place.
 */
export function NetworkLogo({ network }: { network: LogoNetwork }) {
  const loaded = useLogos()
  if (!loaded) return <NetworkBadge name={network.name} />
  return <img className="latch-avatar" src={loaded.networkLogoUrl(network)} alt="" />
}

/**
 * A token's logo (core's `tokenLogoUrl`: by native symbol or contract address, else its own
 * image, else a generated icon), decorative like {@link NetworkLogo}; `name` is the badge's
 * letter until the logos' chunk is in.
 */
export function TokenLogo({ token, name }: { token: LogoToken; name: string }) {
  const loaded = useLogos()
  if (!loaded) return <NetworkBadge name={name} />
  return <img className="latch-avatar" src={loaded.tokenLogoUrl(token)} alt="" />
}
