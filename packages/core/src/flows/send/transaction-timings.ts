// SPEC §9 constants for following transactions, in one place for core, the adapters and hosts.

/** SPEC §9: the page integration waits 25 000 ms for a receipt (`latch.send`). */
export const PAGE_RECEIPT_TIMEOUT_MS = 25_000
/** SPEC §9: the library's default receipt wait, 180 000 ms. */
export const DEFAULT_RECEIPT_TIMEOUT_MS = 180_000
/** SPEC §9: a missing receipt is read again up to 6 times (the confirmation retries). */
export const RECEIPT_RETRY_COUNT = 6
/** SPEC §4/§9: pending transactions are re-checked every 30 000 ms, when the host turns polling on. */
export const PENDING_POLLING_INTERVAL_MS = 30_000
/** SPEC §9: at most 99 pending transactions are watched at once; more are not followed. */
export const PENDING_TRANSACTIONS_LIMIT = 99
