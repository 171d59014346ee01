import * as accountData from './tables/account-data.js'
import * as auth from './tables/auth.js'
import * as custody from './tables/custody.js'
import * as directory from './tables/directory.js'
import * as farcaster from './tables/farcaster.js'
import * as siwx from './tables/siwx.js'
import * as social from './tables/social.js'

// The server's one schema, one file per concept under `tables/`. Every change is a new migration
// (`pnpm --filter @latch/server db:generate`), applied at start-up under a lock, so instances on
// one database agree on it.

export * from './tables/account-data.js'
export * from './tables/auth.js'
export * from './tables/custody.js'
export * from './tables/directory.js'
export * from './tables/farcaster.js'
export * from './tables/siwx.js'
export * from './tables/social.js'

/** Every table, for drizzle's typed `db.query`. */
export const schema = {
  ...directory,
  ...auth,
  ...accountData,
  ...custody,
  ...social,
  ...farcaster,
  ...siwx,
}
