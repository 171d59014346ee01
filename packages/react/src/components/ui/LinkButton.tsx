import type { ReactNode } from 'react'
import { useT } from '../../hooks/useLatch.js'

/**
 * A link styled as a secondary button, for hrefs core already vetted. An https page opens in a
 * new tab (beside the modal, never over it), and says so to screen readers; a deep link
 * (`wallet://`) opens the wallet's app in place.
 */
export function LinkButton({ href, children }: { href: string; children: ReactNode }) {
  const t = useT()
  const external = href.startsWith('https://')
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
