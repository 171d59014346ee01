// @latch/server: the self-hosted Latch server. `latch-server --config latch.config.json` runs
// it; `createServer(config)` makes an instance in process (tests), `startServer` listens, and
// `createIndexers` runs the chain indexers for a host that serves the app its own way.
export { createApp, type AppDeps } from './app.js'
export { AUTH_SECRET_ENV } from './auth/context.js'
export { smtpMailer, type Mailer, type OutgoingMail } from './auth/mailer.js'
export { loadServerConfig, parseServerConfig, ServerConfigError } from './config/load.js'
export type {
  AuthConfig,
  ChainConfig,
  ProjectConfig,
  ServerConfig,
  ServerConfigInput,
} from './config/schema.js'
export { openDatabase, type Database, type DatabaseOptions, type Db } from './db/database.js'
export {
  createIndexers,
  indexerSettings,
  type IndexerDeps,
  type Indexers,
} from './indexer/indexers.js'
export {
  ChainIndexer,
  type ChainIndexerOptions,
  type StepOutcome,
} from './indexer/chain-indexer.js'
export { hitRateLimit, type RateLimit, type RateLimitVerdict } from './limits/rate-limit.js'
export { nameSeedSchema, seedNames, type NameSeed } from './seed/names.js'
export {
  createServer,
  startServer,
  type CreateServerOptions,
  type LatchServer,
  type RunningServer,
} from './server.js'
