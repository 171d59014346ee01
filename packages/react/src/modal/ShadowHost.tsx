import { useLayoutEffect, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

export interface ShadowHostProps {
  /** The custom element name of the host, which the page sees. */
  tag: string
  styles: string
  children: ReactNode
}

/**
 * Renders `children` into an open shadow root on its own host element at the end of <body>.
 * The page's CSS cannot reach inside, and ours cannot leak out; the inline `all: initial` keeps
 * inherited page styles (fonts, colours, letter-spacing…) from crossing the boundary.
 */
export function ShadowHost({ tag, styles, children }: ShadowHostProps) {
  const [container, setContainer] = useState<HTMLElement | null>(null)
  useLayoutEffect(() => {
    const host = document.createElement(tag)
    host.setAttribute('style', 'all: initial !important; display: contents !important;')
    const shadow = host.attachShadow({ mode: 'open' })
    const style = document.createElement('style')
    style.textContent = styles
    const mount = document.createElement('div')
    shadow.append(style, mount)
    document.body.append(host)
    // The children need their container in the document before they render (the dialog opens in
    // a layout effect), so it is made here and stored: the extra render is the point. A React-
    // managed host would not do: the page may remove it behind React's back.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setContainer(mount)
    return () => host.remove()
  }, [tag, styles])
  return container ? createPortal(children, container) : null
}
