// SPEC §9 timings the adapter keeps. They live apart from the code that uses them because that
// code needs viem and is loaded on first use, while the package entry exports these at once.

/** SPEC §9: the page integration waits 25 000 ms for a receipt. */
export const RECEIPT_TIMEOUT_MS = 25_000
