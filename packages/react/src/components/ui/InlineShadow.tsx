import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

/**
 * Renders `children` in an open shadow root attached in place, so a control that sits in the
 * host's layout (the ConnectButton) keeps Latch's look whatever the host's CSS says.
 */
export function InlineShadow({ styles, children }: { styles: string; children: ReactNode }) {
  const hostRef = useRef<HTMLSpanElement>(null)
  const [mount, setMount] = useState<HTMLElement | null>(null)
  useLayoutEffect(() => {
    const host = hostRef.current
    if (!host) return
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
    shadow.replaceChildren()
    const style = document.createElement('style')
    style.textContent = styles
    const container = document.createElement('span')
    shadow.append(style, container)
    setMount(container)
  }, [styles])
  return (
    <span ref={hostRef} style={{ display: 'inline-block' }}>
      {mount ? createPortal(children, mount) : null}
    </span>
  )
}
