import { getWalletsParamsSchema } from '@latch/core/api'
import { Hono } from 'hono'
import type { RouteDeps } from '../deps.js'
import { createDirectoryReader } from '../directory/directory-reader.js'
import type { ProjectEnv } from '../http/project.js'
import { parseRequest } from '../http/validate.js'

/**
 * A page of the directory may be reused for a minute, by the browser and by a shared cache: the
 * directory is public and the same for every project, and it changes only when an instance
 * starts with a new seed, so a minute of staleness costs nothing while it spares the database
 * the repeats of a visitor paging back and forth. (Core's client keeps its pages as long.)
 */
const WALLET_PAGE_CACHE_CONTROL = 'public, max-age=60'

/**
 * SPEC §7 `GET /getWallets`: one page of the directory. The query is checked with the schema
 * core's client is tested against, and answered by core's own `queryLocalDirectory` over the
 * stored entries in the seed's order (see directory-reader.ts). An entry whose image is inline in
 * the seed has no `imageUrl`; the client asks `GET /getWalletImage/{id}` for it.
 */
export function walletRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  const directory = createDirectoryReader(deps.db, deps.now)
  app.get('/getWallets', async (c) => {
    const params = parseRequest(getWalletsParamsSchema, c.req.query(), 'query')
    const json = await directory.page({
      page: params.page,
      entries: params.entries,
      ...(params.search !== undefined ? { search: params.search } : {}),
      ...(params.include ? { include: params.include } : {}),
      ...(params.exclude ? { exclude: params.exclude } : {}),
      ...(params.chains ? { chains: params.chains } : {}),
      ...(params.badge_type ? { badge: params.badge_type } : {}),
    })
    // Set only on an answer that passed its schema, so no error is ever cached. A shared cache
    // must keep the answers to different origins apart: each carries its own CORS grant.
    c.header('cache-control', WALLET_PAGE_CACHE_CONTROL)
    c.header('vary', 'Origin')
    c.header('content-type', 'application/json')
    return c.body(json)
  })
  return app
}
