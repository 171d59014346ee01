import type { MountedFrame } from '@latch/frame/client'

/** SPEC §9 modal width: the approval UI is shown at the modal's size. */
const FRAME_WIDTH_PX = 360
const FRAME_HEIGHT_PX = 480

/** The iframe core puts into the page, and how to show or hide it for an approval. */
export interface MountedAuthFrame extends MountedFrame {
  /** Shows the frame above the modal (an approval is waiting), or hides it again. */
  setVisible(visible: boolean): void
}

/**
 * Puts the secure frame's iframe into `document.body`, inside a `<dialog>` of its own (in a
 * shadow root), hidden.
 * The iframe is never moved: moving an iframe reloads it, and even a state-keeping move
 * (`moveBefore`) left Chromium's out-of-process frame (the frame is another site than the host)
 * deaf to clicks now and then. To show it, its dialog opens as a modal: the newest modal dialog is
 * the top of the top layer, so it sits above the Latch modal and is the one part of the page
 * that is not inert. Closed, the dialog is display:none and the frame keeps running (and
 * answering) inside it.
 */
export function mountIframe(document: Document, src: string, title: string): MountedAuthFrame {
  const holder = document.createElement('dialog')
  holder.setAttribute('aria-label', title)
  holder.setAttribute('data-latch-frame-holder', '')
  Object.assign(holder.style, {
    border: '0',
    padding: '0',
    background: 'transparent',
    overflow: 'visible',
    width: `min(${FRAME_WIDTH_PX}px, 100vw)`,
    height: `min(${FRAME_HEIGHT_PX}px, 100vh)`,
  })
  // The request waits in the frame until its own Approve or Decline: Escape on the host's side
  // must not hide a prompt that is still pending.
  holder.addEventListener('cancel', (event) => event.preventDefault())
  const element = document.createElement('iframe')
  element.src = src
  element.title = title
  element.setAttribute('data-latch-frame', '')
  element.setAttribute('allow', 'clipboard-write')
  Object.assign(element.style, {
    border: '0',
    padding: '0',
    borderRadius: '16px',
    width: '100%',
    height: '100%',
    background: 'transparent',
    colorScheme: 'normal',
    display: 'block',
  })
  holder.append(element)
  // In a shadow root of its own, so the host page's CSS (a `dialog` or `iframe` rule) cannot
  // restyle or hide the approval prompt.
  const host = document.createElement('div')
  host.setAttribute('data-latch-frame-host', '')
  host.attachShadow({ mode: 'open' }).append(holder)
  document.body.append(host)
  const contentWindow = element.contentWindow
  if (!contentWindow) {
    host.remove()
    throw new Error('The secure frame has no window')
  }
  const raise = () => {
    // showModal throws where the document is not fully active; `open` then still shows it.
    try {
      holder.showModal()
    } catch {
      holder.setAttribute('open', '')
    }
    element.focus()
  }
  // A modal dialog opened after the frame's (the Latch modal opening on the ApproveTransaction
  // view, or a host's own) would sit above it and make it inert. Opening takes the focus, so a
  // focus outside the frame while it is shown raises the frame back to the top.
  const onFocusIn = (event: FocusEvent) => {
    if (!holder.open || event.composedPath().includes(holder)) return
    holder.close()
    raise()
  }
  const show = () => {
    if (holder.open) return
    raise()
    document.addEventListener('focusin', onFocusIn)
  }
  const hide = () => {
    document.removeEventListener('focusin', onFocusIn)
    if (holder.open) holder.close()
  }
  return {
    window: contentWindow,
    remove: () => {
      hide()
      host.remove()
    },
    setVisible: (visible) => (visible ? show() : hide()),
  }
}
