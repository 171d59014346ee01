import type { ProviderListener } from './types.js'

/** The small event emitter behind the provider's `on` / `removeListener`. */
export interface Emitter {
  on(event: string, listener: ProviderListener): void
  removeListener(event: string, listener: ProviderListener): void
  emit(event: string, ...args: unknown[]): void
}

export function createEmitter(): Emitter {
  const listeners = new Map<string, Set<ProviderListener>>()
  return {
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    emit(event, ...args) {
      // A copy, so that a listener removing itself does not skip the next one.
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(...args)
        } catch (error) {
          // One broken dapp listener must not stop the others nor the wallet; still surface it.
          queueMicrotask(() => {
            throw error
          })
        }
      }
    },
  }
}
