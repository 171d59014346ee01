import type { ReactNode } from 'react'
import { useT } from '../../hooks/useLatch.js'

/**
 * A link styled as a secondary button, for hrefs core already vetted. A web page (https, or a
 * local http one core allows, such as the playground's stand-in for a phone) opens in a new tab
 * (beside the modal, never over it), and says so to screen readers; a deep link (`wallet://`)
 * opens the wallet's app in place.
 */
export function LinkButton({ href, children }: { href: string; children: ReactNode }) {
  const t = useT()
  const external = /^https?:\/\//.test(href)
  return (
    <a
      className="latch-button"
      data-variant="secondary"
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {external ? <span className="latch-visually-hidden"> {t('link.opensInNewTab')}</span> : null}
    </a>
  )
}
