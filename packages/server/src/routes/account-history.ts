import { accountHistoryParamsSchema, accountHistoryResponseSchema } from '@latch/core/api'
import { Hono } from 'hono'
import { evmChainsOf, requireEvmChain } from '../account/chains.js'
import { decodeCursor } from '../account/cursor.js'
import { accountHistory } from '../account/history.js'
import type { RouteDeps } from '../deps.js'
import type { ProjectEnv } from '../http/project.js'
import { parseRequest, queryOf, respond } from '../http/validate.js'
import { accountParamSchema } from './account-balance.js'

/**
 * SPEC §7 `GET /v1/account/{account}/history?cursor&chainId&onramp`: AppKit's
 * `BlockchainApiTransactionsResponse` from the indexer's tables, newest first, 20 a page, with an
 * opaque cursor (see `account/history.ts`). A malformed address, chain id or cursor is a 400 with
 * its issue. `onramp=coinbase` asks for onramp purchases, of which this server has none.
 */
export function accountHistoryRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  const chains = evmChainsOf(deps.config, deps.fetch)
  app.get('/v1/account/:address/history', async (c) => {
    const { address } = parseRequest(accountParamSchema, c.req.param(), 'address')
    const query = parseRequest(accountHistoryParamsSchema, queryOf(c), 'query')
    if (query.chainId !== undefined) requireEvmChain(chains, query.chainId)
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor)
    const page =
      query.onramp === undefined
        ? await accountHistory(deps.db, deps.config, {
            account: address,
            chainId: query.chainId,
            after,
            origin: new URL(c.req.url).origin,
            projectId: c.var.project.id,
          })
        : { data: [], next: null }
    c.header('cache-control', 'no-store')
    return respond(c, accountHistoryResponseSchema, page)
  })
  return app
}
