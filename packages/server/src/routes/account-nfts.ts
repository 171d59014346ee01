import { accountNftsParamsSchema, accountNftsResponseSchema } from '@latch/core/api'
import { Hono } from 'hono'
import { evmChainsOf, requireEvmChain } from '../account/chains.js'
import { decodeNftCursor } from '../account/cursor.js'
import { accountNfts } from '../account/nfts.js'
import type { RouteDeps } from '../deps.js'
import type { ProjectEnv } from '../http/project.js'
import { parseRequest, queryOf, respond } from '../http/validate.js'
import { accountParamSchema } from './account-balance.js'

/**
 * `GET /v1/account/{address}/nfts?chainId&cursor`: the NFTs gallery's pages, from the indexer's
 * tables (see `account/nfts.ts`), 20 a page, by opaque cursor. Latch's own call (AppKit 1.7.8
 * has none). A malformed address, chain id or cursor is a 400 with its issues, an unsupported
 * chain a 400 too (SPEC §7: clients ask `/v1/supported-chains` first).
 */
export function accountNftsRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  const chains = evmChainsOf(deps.config, deps.fetch)
  app.get('/v1/account/:address/nfts', async (c) => {
    const { address } = parseRequest(accountParamSchema, c.req.param(), 'address')
    const query = parseRequest(accountNftsParamsSchema, queryOf(c), 'query')
    if (query.chainId !== undefined) requireEvmChain(chains, query.chainId)
    const after = query.cursor === undefined ? undefined : decodeNftCursor(query.cursor)
    const page = await accountNfts(deps.db, { account: address, chainId: query.chainId, after })
    // Like the balances (the portfolio's 30 s, SPEC §9): the client keeps it, shared caches not.
    c.header('cache-control', 'private, max-age=30')
    return respond(c, accountNftsResponseSchema, page)
  })
  return app
}
