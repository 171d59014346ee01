import type { AnyActorRef } from 'xstate'

/** What {@link watchSubscriptions} returns. */
export interface SubscriptionWatch {
  /** Subscriptions and listeners taken out since the watch began and not given back yet. */
  live(): number
  /** Puts the actors' own methods back. */
  restore(): void
}

type Unsubscribable = { unsubscribe(): void }

/**
 * Counts what is taken out on `actors` from now on, `subscribe` (snapshot observers) and `on`
 * (emitted-event listeners) alike, minus what was given back: for checks that something done
 * many times (an open and its close, a view mounted and unmounted) leaves no observer behind.
 * Each actor's two methods are wrapped on the instance itself; `restore` removes the wrappers.
 */
export function watchSubscriptions(actors: readonly AnyActorRef[]): SubscriptionWatch {
  let live = 0
  const track = (subscription: Unsubscribable): Unsubscribable => {
    live++
    let given = false
    return {
      unsubscribe() {
        if (!given) live--
        given = true
        subscription.unsubscribe()
      },
    }
  }
  const wrapped: Array<[AnyActorRef, 'subscribe' | 'on']> = []
  for (const actor of actors) {
    for (const method of ['subscribe', 'on'] as const) {
      const original: (...args: never[]) => Unsubscribable = actor[method]
      Object.defineProperty(actor, method, {
        configurable: true,
        writable: true,
        value: (...args: never[]) => track(original.apply(actor, args)),
      })
      wrapped.push([actor, method])
    }
  }
  return {
    live: () => live,
    restore() {
      // The wrappers are own properties: deleting them uncovers the prototype's methods.
      for (const [actor, method] of wrapped) Reflect.deleteProperty(actor, method)
    },
  }
}
