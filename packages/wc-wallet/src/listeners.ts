/** A set of listeners of one kind; a throwing listener never stops the others nor the wallet. */
export class Listeners<T> {
  readonly #listeners = new Set<(value: T) => void>()
  readonly #onError: (error: unknown) => void

  constructor(onError: (error: unknown) => void) {
    this.#onError = onError
  }

  /** Adds `listener`; returns the function that removes it. */
  add(listener: (value: T) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  emit(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value)
      } catch (error) {
        this.#onError(error)
      }
    }
  }

  clear(): void {
    this.#listeners.clear()
  }
}
