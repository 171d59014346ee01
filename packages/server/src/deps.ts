import type { ServerConfig } from './config/schema.js'
import type { Db } from './db/database.js'

/** What every route module receives: the configuration and the resolved dependencies. */
export interface RouteDeps {
  config: ServerConfig
  db: Db
  /** Upstream calls (the RPC proxy). */
  fetch: typeof fetch
  /** The clock (rate-limit windows, caches). */
  now: () => number
}
