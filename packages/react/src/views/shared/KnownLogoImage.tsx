import type { LogoNetwork, LogoToken } from '@latch/core'
import { networkLogoUrl, tokenLogoUrl } from '@latch/core/logos'

/** What {@link KnownLogoImage} draws: a network, or a token. */
export type KnownLogoSubject = { network: LogoNetwork } | { token: LogoToken }

/**
 * The logo itself, through core's rule (`networkLogoUrl` / `tokenLogoUrl`), decorative: the name
 * is always written beside it. Its own module, so the logos' data is a chunk React loads lazily.
 */
export default function KnownLogoImage(subject: KnownLogoSubject) {
  const src = 'network' in subject ? networkLogoUrl(subject.network) : tokenLogoUrl(subject.token)
  return <img className="latch-avatar" src={src} alt="" />
}
