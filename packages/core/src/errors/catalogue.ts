import {
  INVALID_APP_CONFIGURATION_TEXT,
  SOCIAL_LOGIN_USED_TEXT,
  SOCIAL_OTHER_BROWSER_TEXT,
} from '../api/social-texts.js'

/**
 * SPEC §8, the error catalogue. Each entry is a stable code and its English text, word for word.
 * `{name}` placeholders are filled by {@link formatMessage}. UIs translate by code; these texts
 * are the English defaults and what thrown errors carry.
 */
export const errorMessages = {
  // Shown to the user.
  INVALID_APP_CONFIGURATION: INVALID_APP_CONFIGURATION_TEXT,
  FAILED_TO_FETCH_TRANSACTIONS: 'Failed to fetch transactions',
  RPC_METHOD_NOT_ALLOWED: 'Requested RPC call is not allowed',
  RPC_METHOD_NOT_ALLOWED_UI: 'Action not allowed',
  TOKEN_BALANCE_UNAVAILABLE: 'Token Balance Unavailable',
  NAME_RESOLUTION_FAILED: 'Error resolving name',
  NAME_SUGGESTIONS_FAILED: 'Error fetching name suggestions',
  NAMES_FOR_ADDRESS_FAILED: 'Error fetching names for address',
  NAME_REGISTRATION_FAILED: 'Error registering name {name}',
  AUTH_INITIALIZATION_FAILED: 'A problem occurred while trying initialize authentication',
  SIGNATURE_DECLINED: 'Signature declined',
  SMART_ACCOUNT_NOT_SUPPORTED: 'This application might not support Smart Accounts',
  EMAIL_LOGIN_TOO_EARLY: 'Please try again after {seconds} seconds',
  NETWORK_NOT_FOUND: 'Network Not Found',
  EMBEDDED_WALLET_LOAD_FAILED: 'Network Error - Could not load embedded wallet',
  EMBEDDED_WALLET_REQUEST_TIMEOUT: 'Embedded Wallet Request Timed Out',
  SESSION_EXPIRED: 'Session Expired',
  PROJECT_ID_NOT_CONFIGURED: 'Project ID Not Configured',
  UNKNOWN_ERROR: 'Unknown error',
  REQUEST_ABORTED: 'Request was aborted',
  SOMETHING_WENT_WRONG: 'Something went wrong',
  FRAME_ERROR: 'An error occurred',
  /** SPEC §8 fallbacks: wallet-rejected requests become this one error. */
  USER_REJECTED: 'User rejected the request.',
  /** SPEC §8 fallbacks: a remote project configuration overrides local features. */
  LOCAL_FEATURES_IGNORED:
    'Your local configuration for {features} was ignored because a remote configuration was successfully fetched. Manage these features in your project settings.',

  // Validation (SPEC §5).
  /** SPEC §5's form-schema default, for the email login's field. */
  INVALID_EMAIL: 'Invalid email',
  /** A one-time code that is not six digits, refused before the frame is asked. */
  INVALID_OTP: 'Must be a 6-digit code',
  INVALID_CAIP_ADDRESS: 'Invalid CAIP Address',
  INVALID_CAIP10_ADDRESS: 'Invalid CAIP-10 address: {value}',
  INVALID_CAIP2_NETWORK_ID: 'Invalid CAIP-2 network id: {value}',
  INVALID_CHAIN_ID: 'Invalid chainId',
  SEND_AMOUNT_AND_RECEIVER_REQUIRED: 'An amount and receiver address are required',
  SEND_TOKEN_REQUIRED: 'A token is required',
  UNSUPPORTED_CHAIN: 'Unsupported chain',
  BOTH_SIWE_AND_SIWX: 'Cannot set both `siweConfig` and `siwx` options',
  INVALID_OPTIONS: 'Invalid Latch options: {issues}',
  /** Not SPEC text: an option asks for a feature this build does not have (options/available-features). */
  FEATURE_NOT_AVAILABLE: 'Not available in this version of Latch: {feature}',
  INVALID_AMOUNT: 'Invalid amount: {value}',
  INVALID_DECIMALS: 'Invalid decimals: {value}',

  // Thrown (SPEC §8).
  HTTP_STATUS: 'HTTP status code: {status}',
  GAS_PRICE_NETWORK_NOT_SUPPORTED: 'Network not supported for Gas Price',
  SWAPS_NETWORK_NOT_SUPPORTED: 'Network not supported for Swaps',
  CHAIN_ADAPTER_NOT_FOUND: 'Chain adapter not found',
  NETWORK_CONTROLLER_CLIENT_NOT_SET: 'NetworkController client not set',
  CONNECTION_CONTROLLER_CLIENT_NOT_SET: 'ConnectionController client not set',
  CHAIN_REQUIRED_FOR_ACCOUNT_DATA: 'Chain is required to update chain account data',
  NETWORK_NOT_FOUND_THROWN: 'Network not found',
  ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND: 'Address or auth connector not found',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  CONNECT_BEFORE_REQUEST: 'Please call connect() before request()',
  SIGN_CLIENT_NOT_INITIALIZED: 'Sign Client not initialized',
  CALLS_STATUS_NOT_APPROVED: 'Fetching call status not approved by the wallet.',
  USER_OPERATION_RECEIPT_FAILED: 'Failed to fetch user operation receipt - {status}',
  EMAIL_LOGIN_DEPENDENCY_FAILED: 'Unable to load email login dependency',
  FRAME_NOT_SET: 'W3mFrame: iframe is not set',
  FRAME_PARENT_NOT_SET: 'parent is not set',
  CHAIN_NOT_SUPPORTED: 'Chain is not supported',
  WALLET_CONNECT_CONNECTOR_NOT_FOUND: 'WalletConnectConnector not found',
  ADAPTER_NOT_FOUND: 'Adapter not found',
  UNIVERSAL_SIGN_MESSAGE_NO_PROVIDER: 'UniversalAdapter:signMessage - provider is undefined',
  DISCONNECT_CHAIN_FAILED: 'Failed to disconnect chain {namespace}',
  CHAIN_NOT_CONFIGURED: 'Chain not configured.',
  CONNECTOR_ALREADY_CONNECTED: 'Connector already connected.',
  CONNECTOR_NOT_CONNECTED: 'Connector not connected.',
  ACCOUNT_NOT_FOUND_FOR_CONNECTOR: 'Account {address} not found for connector {connectorId}',
  CHAIN_MISMATCH:
    "The current chain of the connector (id: {connectorChainId}) does not match the connection's chain (id: {connectionChainId}).",
  PROVIDER_NOT_FOUND: 'Provider not found.',
  DISCONNECT_CHAINS_FAILED: 'Failed to disconnect chains: {reasons}',
  CAIP_NETWORK_UNDEFINED: 'CaipNetwork is undefined',
  CAIP_NETWORK_OR_ADDRESS_UNDEFINED: 'CaipNetwork or CaipAddress is undefined',
  WALLET_CAPABILITIES_PARSE_FAILED: 'Error parsing wallet capabilities',
  TRANSACTION_REVERTED_UNKNOWN: 'unknown reason',
  /** SPEC §5 wallet_sendCalls: each call's `to` starts with 0x; `data` starts with 0x if present. */
  INVALID_CALL_TO: 'Invalid call {index}: `to` must start with 0x',
  INVALID_CALL_DATA: 'Invalid call {index}: `data` must start with 0x',
  /** SPEC §5: a wallet result is a transaction only as a 0x-prefixed 64-hex string. */
  INVALID_TRANSACTION_HASH: 'The wallet did not return a transaction hash',
  /** SPEC §5: a signed message is a 0x-prefixed hex string of at least 62 characters. */
  INVALID_SIGNATURE: 'The wallet did not return a signature',
  /** A pairing whose URI never came back: the relay could not be reached (SPEC §4 pairing). */
  RELAY_UNREACHABLE:
    'The WalletConnect relay could not be reached. Check the connection and try again.',
  /** SPEC §8: a capabilities request without an address parameter. */
  CAPABILITIES_ADDRESS_REQUIRED: 'An address is required to request wallet capabilities',
  /** A send to another network's address (a Bitcoin `bc1…` address on regtest): nothing is sent. */
  ADDRESS_ON_OTHER_NETWORK: 'This is a {addressNetwork} address: it cannot receive on {network}',
  /** SPEC §8: a reverted receipt throws the revert reason itself (or TRANSACTION_REVERTED_UNKNOWN). */
  TRANSACTION_REVERTED: '{reason}',
  /** A followed transaction's outcomes (SPEC §4 "Transaction waiting"), for the toasts. */
  TRANSACTION_PENDING: 'Transaction pending',
  TRANSACTION_CONFIRMED: 'Transaction confirmed',
  TRANSACTION_REPLACED: 'Transaction {reason}',
  TRANSACTION_FAILED: 'Transaction failed: {reason}',
  TRANSACTION_TIMED_OUT: 'Transaction not confirmed yet',
  /** Not SPEC text: a send's amount is more than the balance (less the fee, for the native token). */
  SEND_INSUFFICIENT_BALANCE: 'Insufficient {symbol} balance',
  /** Not SPEC text: SPEC §1 sends only the native token outside EVM (no SPL or BRC-20 sends). */
  SEND_TOKEN_NOT_SUPPORTED: 'Only {symbol} can be sent on {network}',
  /** SPEC §9: at most {limit} pending transactions are watched; this one is not followed. */
  PENDING_TRANSACTIONS_LIMIT: 'At most {limit} pending transactions are followed',
  /**
   * Not SPEC text (issue 12): the browser blocked the social login's popup (`window.open` gave
   * nothing); a fresh click opens it.
   */
  SOCIAL_POPUP_BLOCKED:
    'The sign-in window was blocked. Allow pop-ups for this site, then try again.',
  /**
   * Not SPEC text (issue 29): the social login's provider sent back another browser (its link
   * opened elsewhere): the Latch server's message for FLOW_OTHER_BROWSER.
   */
  SOCIAL_OTHER_BROWSER: SOCIAL_OTHER_BROWSER_TEXT,
  /**
   * Not SPEC text (issue 29): the social login's session was taken already (a mini app's
   * `result_uri` brought back twice): the Latch server's message for FLOW_USED.
   */
  SOCIAL_LOGIN_USED: SOCIAL_LOGIN_USED_TEXT,
  /** Not SPEC text (issue 12): the social login ended without a session, for this reason. */
  SOCIAL_LOGIN_FAILED: 'Social login failed: {reason}',
} as const

export type ErrorCode = keyof typeof errorMessages

/** Fills `{name}` placeholders; an unknown placeholder is left as written so the gap is visible. */
export function formatMessage(
  template: string,
  values: Record<string, string | number> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  )
}

/** The English text for a code, with its placeholders filled. */
export function messageFor(code: ErrorCode, values?: Record<string, string | number>): string {
  return formatMessage(errorMessages[code], values)
}
