export type Outcome = 'fulfilled' | 'rejected' | 'timeout'

/**
 * How `promise` ended within `ms` milliseconds: 'timeout' when it had not settled by then. Never
 * rejects; a rejection that comes after the time ran out is swallowed.
 */
export function outcomeWithin(promise: Promise<unknown>, ms: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), ms)
    promise.then(
      () => {
        clearTimeout(timer)
        resolve('fulfilled')
      },
      () => {
        clearTimeout(timer)
        resolve('rejected')
      },
    )
  })
}
