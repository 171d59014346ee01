/**
 * A `window` stand-in for Node: Wallet Standard's `getWallets()` and `registerWallet()` only
 * dispatch and listen for events on it. Imported first by every test file, before any
 * `getWallets()` call, since that reads the global `window` once.
 */
const scope = globalThis as { window?: EventTarget }
scope.window ??= new EventTarget()
export {}
