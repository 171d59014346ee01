import type { AccountHistoryResponse } from '../api/account.js'

// Its own module: the account-data machine (start-up JS) names it without the client.

/** SPEC §7: the history's fallback, `{data:[], next}`: an empty list with no next page. */
export const HISTORY_FALLBACK: AccountHistoryResponse = { data: [], next: null }
