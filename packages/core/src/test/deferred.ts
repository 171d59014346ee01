export { deferred, type Deferred } from '../testing/deferred.js'

/**
 * Lets pending promise callbacks (and the actor transitions they trigger) run; enough of them
 * for `start()` to load the (cached) runtime chunk and run.
 */
export async function flush(): Promise<void> {
  for (let i = 0; i < 40; i++) await Promise.resolve()
}

/** A few rounds of {@link flush}: enough for an open or a close and the runs it starts to settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await flush()
}
