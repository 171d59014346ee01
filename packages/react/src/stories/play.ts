import { waitFor, within } from 'storybook/test'

/**
 * Helpers for the few play functions: the states that live in a view's own React state (a
 * search text, the selected tab) rather than in a machine are reached the way a user reaches
 * them, inside the modal's shadow root.
 */

/** The modal's content root, once mounted. */
export async function modalRoot(): Promise<HTMLElement> {
  return waitFor(() => {
    const root = document.querySelector('latch-modal')?.shadowRoot?.querySelector('div')
    if (!root) throw new Error('The modal is not mounted yet.')
    return root as HTMLElement
  })
}

/** Testing Library queries inside the modal (the page's queries cannot see a shadow root). */
export async function inModal() {
  return within(await modalRoot())
}

/**
 * Types into a field as a browser would for React: the native value setter, then an `input`
 * event. (user-event sees only the shadow host as focused, so it cannot type in there.)
 */
export function typeText(field: HTMLElement, text: string) {
  const input = field as HTMLInputElement
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  input.focus()
  setValue?.call(input, text)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}
