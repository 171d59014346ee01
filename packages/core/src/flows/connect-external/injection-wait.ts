/**
 * SPEC §9 "Async-injection wait": how long a wallet may take to appear (announce itself, or
 * inject `window.ethereum`). The one value: core waits it for a wallet a route names, and the
 * adapters for late injection.
 */
export const ASYNC_INJECTION_WAIT_MS = 1_000
