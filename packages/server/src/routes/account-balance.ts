import {
  accountBalanceParamsSchema,
  accountBalanceResponseSchema,
  evmAddressSchema,
} from '@latch/core/api'
import { Hono } from 'hono'
import * as z from 'zod'
import { accountBalances } from '../account/balances.js'
import { evmChainsOf, requireEvmChain } from '../account/chains.js'
import type { RouteDeps } from '../deps.js'
import { HttpError } from '../http/errors.js'
import type { ProjectEnv } from '../http/project.js'
import { parseRequest, queryOf, respond } from '../http/validate.js'

/** The account path parameter of the account routes. */
export const accountParamSchema = z.object({ address: evmAddressSchema })

/**
 * SPEC §7 `GET /v1/account/{address}/balance?currency=usd&chainId&forceUpdate`: AppKit's
 * `BlockchainApiBalanceResponse` (see `account/balances.ts`). A malformed address, chain id or
 * forceUpdate token is a 400 with the zod issues, an unsupported chain a 400 too (clients ask
 * `/v1/supported-chains` first, SPEC §7), a chain whose RPC fails a 502.
 */
export function accountBalanceRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  const chains = evmChainsOf(deps.config, deps.fetch)
  app.get('/v1/account/:address/balance', async (c) => {
    const { address } = parseRequest(accountParamSchema, c.req.param(), 'address')
    const query = parseRequest(accountBalanceParamsSchema, queryOf(c), 'query')
    const chain = requireEvmChain(chains, query.chainId)
    const prefix = `${chain.caipNetworkId}:`
    const forceUpdate = (query.forceUpdate ?? []).flatMap((token) => {
      const contract = token.slice(prefix.length)
      return token.startsWith(prefix) && /^0x[0-9a-fA-F]{40}$/.test(contract)
        ? [contract.toLowerCase()]
        : []
    })
    const balances = await accountBalances(deps, {
      chain,
      address,
      forceUpdate,
      origin: new URL(c.req.url).origin,
      projectId: c.var.project.id,
    }).catch(upstreamFailure)
    // Clients keep it for the portfolio's 30 s themselves; shared caches must not.
    c.header('cache-control', 'private, max-age=30')
    return respond(c, accountBalanceResponseSchema, { balances })
  })
  return app
}

/** A chain RPC that failed (or timed out) is the upstream's fault: 502, never a 500. */
export function upstreamFailure(error: unknown): never {
  if (error instanceof HttpError) throw error
  throw new HttpError(502, 'Chain RPC failed')
}
