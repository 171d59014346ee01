import { identityParamsSchema, identityResponseSchema } from '@latch/core/api'
import { Hono } from 'hono'
import { evmChainsOf, requireEvmChain } from '../account/chains.js'
import { lookupIdentity } from '../account/identity.js'
import type { RouteDeps } from '../deps.js'
import type { ProjectEnv } from '../http/project.js'
import { parseRequest, queryOf, respond } from '../http/validate.js'
import { accountParamSchema } from './account-balance.js'

/**
 * SPEC §7 `GET /v1/identity/{address}?sender&chainId`: AppKit's `BlockchainApiIdentityResponse`,
 * `{ name, avatar }`, from the names table or ENS (see `account/identity.ts`), cached 5 minutes.
 */
export function identityRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  const chains = evmChainsOf(deps.config, deps.fetch)
  app.get('/v1/identity/:address', async (c) => {
    const { address } = parseRequest(accountParamSchema, c.req.param(), 'address')
    const query = parseRequest(identityParamsSchema, queryOf(c), 'query')
    if (query.chainId !== undefined) requireEvmChain(chains, query.chainId)
    const identity = await lookupIdentity(deps, address, query.chainId)
    c.header('cache-control', 'private, max-age=300')
    return respond(c, identityResponseSchema, identity)
  })
  return app
}
