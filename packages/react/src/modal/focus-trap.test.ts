import { afterEach, describe, expect, it } from 'vitest'
import { tabbableIn, trapFocus } from './focus-trap.js'

const releases: Array<() => void> = []
afterEach(() => releases.splice(0).forEach((release) => release()))

/** A dialog in `parent` (the document, or a shadow root) holding `html`. */
function dialogWith(html: string, parent: ParentNode = document.body): HTMLElement {
  const dialog = document.createElement('div')
  dialog.tabIndex = -1
  dialog.innerHTML = html
  parent.append(dialog)
  return dialog
}

function trap(dialog: HTMLElement) {
  const release = trapFocus(dialog)
  releases.push(release)
  return release
}

/** Presses Tab (or Shift+Tab) on the focused element; true when the trap took the move over. */
function pressTab(dialog: HTMLElement, shift = false): boolean {
  const root = dialog.getRootNode() as Document | ShadowRoot
  const target = root.activeElement ?? dialog
  const event = new KeyboardEvent('keydown', {
    key: 'Tab',
    shiftKey: shift,
    bubbles: true,
    composed: true,
    cancelable: true,
  })
  target.dispatchEvent(event)
  return event.defaultPrevented
}

const byId = (root: Document | ShadowRoot, id: string) => root.getElementById(id)
const active = (dialog: HTMLElement) =>
  (dialog.getRootNode() as Document | ShadowRoot).activeElement?.id

describe('tabbableIn', () => {
  it('lists the controls Tab reaches, in document order, and nothing else', () => {
    const dialog = dialogWith(`
      <a id="link" href="https://example.com">Link</a>
      <a id="anchor">No href</a>
      <button id="button">Button</button>
      <button id="disabled" disabled>Disabled</button>
      <fieldset disabled><input id="in-disabled-fieldset" /></fieldset>
      <input id="input" />
      <input id="hidden-input" type="hidden" />
      <select id="select"><option>One</option></select>
      <textarea id="textarea"></textarea>
      <div id="tabindex" tabindex="0">Div</div>
      <h2 id="title" tabindex="-1">Title</h2>
      <button id="minus-one" tabindex="-1">Roving</button>
      <div inert><button id="inert">Inert</button></div>
      <div style="display: none"><button id="display-none">Hidden</button></div>
      <form>
        <input id="radio-a" type="radio" name="pick" />
        <input id="radio-b" type="radio" name="pick" checked />
      </form>
    `)
    expect(tabbableIn(dialog).map((element) => element.id)).toEqual([
      'link',
      'button',
      'input',
      'select',
      'textarea',
      'tabindex',
      'radio-b',
    ])
  })

  it('keeps every radio of a group while none is checked', () => {
    const dialog = dialogWith(`
      <form>
        <input id="a" type="radio" name="pick" />
        <input id="b" type="radio" name="pick" />
      </form>
    `)
    expect(tabbableIn(dialog).map((element) => element.id)).toEqual(['a', 'b'])
  })
})

describe('trapFocus', () => {
  const CONTROLS = `
    <button id="back">Back</button>
    <h2 id="title" tabindex="-1">Title</h2>
    <button id="close">Close</button>
    <input id="search" aria-label="Search" />
    <button id="last">Last</button>
  `

  it('moves focus to the first control at once', () => {
    const dialog = dialogWith(CONTROLS)
    trap(dialog)
    expect(active(dialog)).toBe('back')
  })

  it('focuses the dialog itself while it has no control yet', () => {
    const dialog = dialogWith('<p>Loading…</p>')
    trap(dialog)
    expect(document.activeElement).toBe(dialog)
    expect(pressTab(dialog)).toBe(true)
    expect(document.activeElement).toBe(dialog)
  })

  it('Tab on the last control comes back to the first; inside, Tab is the browser’s', () => {
    const dialog = dialogWith(CONTROLS)
    trap(dialog)
    byId(document, 'search')!.focus()
    expect(pressTab(dialog)).toBe(false)
    byId(document, 'last')!.focus()
    expect(pressTab(dialog)).toBe(true)
    expect(active(dialog)).toBe('back')
  })

  it('Shift+Tab on the first control goes to the last, and from the dialog itself too', () => {
    const dialog = dialogWith(CONTROLS)
    trap(dialog)
    expect(pressTab(dialog, true)).toBe(true)
    expect(active(dialog)).toBe('last')
    expect(pressTab(dialog, true)).toBe(false)
    dialog.focus()
    expect(pressTab(dialog, true)).toBe(true)
    expect(active(dialog)).toBe('last')
  })

  it('from the title, Tab moves on in order and Shift+Tab stays inside', () => {
    const dialog = dialogWith(CONTROLS)
    trap(dialog)
    byId(document, 'title')!.focus()
    expect(pressTab(dialog)).toBe(false)
    const onlyAfter = dialogWith(`<h2 id="t2" tabindex="-1">Title</h2><button id="b2">B</button>`)
    trap(onlyAfter)
    byId(document, 't2')!.focus()
    expect(pressTab(onlyAfter, true)).toBe(true)
    expect(active(onlyAfter)).toBe('b2')
  })

  it('works inside a shadow root, where the document only sees the host', () => {
    const host = document.createElement('div')
    document.body.append(host)
    const shadow = host.attachShadow({ mode: 'open' })
    const dialog = dialogWith(CONTROLS, shadow)
    trap(dialog)
    expect(shadow.activeElement?.id).toBe('back')
    ;(byId(shadow as unknown as Document, 'last') as HTMLElement).focus()
    expect(pressTab(dialog)).toBe(true)
    expect(shadow.activeElement?.id).toBe('back')
    expect(pressTab(dialog, true)).toBe(true)
    expect(shadow.activeElement?.id).toBe('last')
  })

  it('leaves other keys and modified Tabs alone', () => {
    const dialog = dialogWith(CONTROLS)
    trap(dialog)
    byId(document, 'last')!.focus()
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    const ctrlTab = new KeyboardEvent('keydown', {
      key: 'Tab',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    })
    byId(document, 'last')!.dispatchEvent(enter)
    byId(document, 'last')!.dispatchEvent(ctrlTab)
    expect(enter.defaultPrevented).toBe(false)
    expect(ctrlTab.defaultPrevented).toBe(false)
  })

  it('brings focus back to the first control when the focused one is removed', async () => {
    const dialog = dialogWith(CONTROLS)
    trap(dialog)
    const search = byId(document, 'search')!
    search.focus()
    search.remove()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(active(dialog)).toBe('back')
  })

  it('does nothing more once released', async () => {
    const dialog = dialogWith(CONTROLS)
    const release = trap(dialog)
    release()
    byId(document, 'last')!.focus()
    expect(pressTab(dialog)).toBe(false)
    const last = byId(document, 'last')!
    last.remove()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(dialog.contains(document.activeElement)).toBe(false)
  })
})
