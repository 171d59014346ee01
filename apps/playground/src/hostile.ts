import hostileCss from './hostile.css?raw'

/**
 * Turns the page into a hostile host (`?hostile=1`): the stylesheet above plus a full-page
 * overlay at the highest z-index. Inserted synchronously, before Latch mounts, so the end-to-end
 * test sees Latch arrive in an already hostile page.
 */
export function applyHostileStyles(document: Document): void {
  const style = document.createElement('style')
  style.dataset.hostile = 'true'
  style.textContent = hostileCss
  document.head.append(style)
  const overlay = document.createElement('div')
  overlay.className = 'hostile-overlay'
  overlay.setAttribute('aria-hidden', 'true')
  document.body.append(overlay)
}
