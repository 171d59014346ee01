// The Latch API's shared schemas (`@latch/core/api`): what core's clients parse and what the
// Latch server validates its requests and answers against. One definition, both sides. Core's
// clients are here too, so a server's tests can call it exactly as an instance does.
export * from './account.js'
export * from './auth.js'
export * from './custody.js'
export * from './errors.js'
export * from './farcaster.js'
export * from './frame-ancestors.js'
export * from './provider.js'
export * from './rpc.js'
export * from './sdk.js'
export * from './social.js'
export { requestJson, type JsonRequest } from './http.js'
export { serverApiUrl } from './urls.js'
export {
  createProviderClient,
  type CallOptions,
  type ProviderClient,
  type ServerEndpoint,
} from './provider-client.js'
export {
  createErrorReporter,
  ERROR_REPORT_WINDOW_MS,
  type ErrorReport,
  type ErrorReporter,
  type ErrorReporterOptions,
  type ReportPage,
} from './error-reporter.js'
export {
  createAccountClient,
  HISTORY_FALLBACK,
  IDENTITY_CACHE_MS,
  PORTFOLIO_CACHE_MS,
  type AccountCallOptions,
  type AccountClient,
  type AccountProfile,
} from './account-client.js'
export { createTtlCache, type TtlCache } from './ttl-cache.js'
