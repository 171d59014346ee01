import { isLatchError } from '@latch/core'
import { messages } from './messages.js'

/** A new element of `tag`, with `text` as its text when given. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string) {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  return node
}

/** What a helper rejected with, as the page says it: a LatchError's code, else the error's name. */
export function failure(helper: string, error: unknown): string {
  if (isLatchError(error)) return messages.failed(helper, error.code, error.message)
  const name = error instanceof Error ? error.name : typeof error
  return messages.failed(helper, name, error instanceof Error ? error.message : String(error))
}
