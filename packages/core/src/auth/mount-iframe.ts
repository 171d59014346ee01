import type { MountedFrame } from '@latch/frame/client'

/** SPEC §9 modal width: the approval UI is shown at the modal's size. */
const FRAME_WIDTH_PX = 360
const FRAME_HEIGHT_PX = 480

/** The iframe core puts into the page, and how to show or hide it for an approval. */
export interface MountedAuthFrame extends MountedFrame {
  readonly element: HTMLIFrameElement
  /** Shows the frame above the modal (an approval is waiting), or hides it again. */
  setVisible(visible: boolean): void
  /**
   * Moves the iframe into `slot` (the ApproveTransaction view's, inside the modal dialog, so the
   * dialog's inert background does not cover it), or back to `document.body`. Only where the
   * browser moves without reloading (`moveBefore`); elsewhere it stays a popover.
   */
  placeIn(slot: Element | undefined): void
}

/** `parent.moveBefore(child, null)` where the browser has it: a move that keeps the iframe loaded. */
function moveInto(parent: Node, child: Node): boolean {
  const move: unknown = Reflect.get(parent, 'moveBefore')
  if (typeof move !== 'function') return false
  try {
    Reflect.apply(move, parent, [child, null])
    return true
  } catch {
    return false
  }
}

/**
 * Puts the secure frame's iframe into `document.body`, hidden. It is never moved afterwards:
 * moving an iframe reloads it and would drop its requests. To show it, it becomes a manual
 * popover shown after the modal dialog, so it sits above the dialog in the top layer and is
 * not made inert by it; without the popover API it is a fixed box above the modal (z-index).
 */
export function mountIframe(document: Document, src: string, title: string): MountedAuthFrame {
  const element = document.createElement('iframe')
  element.src = src
  element.title = title
  element.setAttribute('data-latch-frame', '')
  element.setAttribute('allow', 'clipboard-write')
  element.setAttribute('popover', 'manual')
  const style = element.style
  style.border = '0'
  style.padding = '0'
  style.borderRadius = '16px'
  style.width = `min(${FRAME_WIDTH_PX}px, 100vw)`
  style.height = `min(${FRAME_HEIGHT_PX}px, 100vh)`
  style.background = 'transparent'
  style.colorScheme = 'normal'
  const hide = () => {
    // A closed popover is display:none; the frame keeps running (and answering) while hidden.
    if (isPopoverOpen(element)) element.hidePopover()
    style.visibility = 'hidden'
    element.setAttribute('aria-hidden', 'true')
    element.tabIndex = -1
  }
  const show = () => {
    style.position = 'fixed'
    style.inset = '0'
    style.margin = 'auto'
    style.zIndex = '2147483647'
    style.visibility = 'visible'
    element.removeAttribute('aria-hidden')
    element.tabIndex = 0
    if (typeof element.showPopover === 'function' && !isPopoverOpen(element)) element.showPopover()
    element.focus()
  }
  hide()
  document.body.append(element)
  const contentWindow = element.contentWindow
  if (!contentWindow) {
    element.remove()
    throw new Error('The secure frame has no window')
  }
  let slotted = false
  return {
    element,
    window: contentWindow,
    remove: () => element.remove(),
    setVisible: (visible) => (visible ? show() : hide()),
    placeIn(slot) {
      if (slot && moveInto(slot, element)) {
        if (isPopoverOpen(element)) element.hidePopover()
        // A closed popover is display:none: in the slot it is a plain element.
        element.removeAttribute('popover')
        slotted = true
        style.position = 'static'
        style.inset = ''
        style.margin = '0'
        style.width = '100%'
        style.visibility = 'visible'
        element.removeAttribute('aria-hidden')
        element.tabIndex = 0
      } else if (!slot && slotted && moveInto(document.body, element)) {
        slotted = false
        element.setAttribute('popover', 'manual')
        style.width = `min(${FRAME_WIDTH_PX}px, 100vw)`
        hide()
      }
    },
  }
}

/** `:popover-open`, false where the engine does not know the selector (it throws there). */
function isPopoverOpen(element: HTMLElement): boolean {
  try {
    return element.matches(':popover-open')
  } catch {
    return false
  }
}
