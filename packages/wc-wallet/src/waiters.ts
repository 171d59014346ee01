/** Promises waiting for the next value of one kind (the next proposal, the next request). */
export class Waiters<T> {
  #waiting: { resolve(value: T): void; reject(error: Error): void }[] = []

  /** Resolves with the next value given to {@link resolveAll}. */
  next(): Promise<T> {
    return new Promise<T>((resolve, reject) => this.#waiting.push({ resolve, reject }))
  }

  resolveAll(value: T): void {
    const waiting = this.#waiting
    this.#waiting = []
    for (const waiter of waiting) waiter.resolve(value)
  }

  rejectAll(error: Error): void {
    const waiting = this.#waiting
    this.#waiting = []
    for (const waiter of waiting) waiter.reject(error)
  }
}
