import type { WcWallet } from '@latch/wc-wallet'

/** Resolves once `condition()` holds for the wallet (checked now and after each change). */
export function walletState(wallet: WcWallet, condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (condition()) return resolve()
    const stop = wallet.onChange(() => {
      if (!condition()) return
      stop()
      resolve()
    })
  })
}

/** Resolves with the first payload `subscribe` reports. */
export function nextEvent<T>(subscribe: (listener: (value: T) => void) => () => void): Promise<T> {
  return new Promise((resolve) => {
    const stop = subscribe((value) => {
      stop()
      resolve(value)
    })
  })
}
