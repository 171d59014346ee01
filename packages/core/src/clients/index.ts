// Core's clients of the Latch server (`@latch/core/clients`): the HTTP calls an instance makes,
// with their caches and fallbacks. Not for the server's own code, which imports only the wire
// schemas (`@latch/core/api`); a server's tests use it to call the server exactly as an
// instance does.
export { requestJson, type JsonRequest } from './http.js'
export {
  createProviderClient,
  type CallOptions,
  type ProviderClient,
  type ServerEndpoint,
} from './provider-client.js'
export {
  createErrorReporter,
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
