import {
  fungiblePriceBodySchema,
  fungiblePriceResponseSchema,
  type FungiblePriceResponse,
} from '@latch/core/api'
import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { evmChainsOf, requireEvmChain } from '../account/chains.js'
import { configuredTokens, priceOf, tokenIconUrl } from '../account/tokens.js'
import { tokenMetadata } from '../db/schema.js'
import type { RouteDeps } from '../deps.js'
import { HttpError } from '../http/errors.js'
import type { ProjectEnv } from '../http/project.js'
import { jsonBody, parseRequest, respond } from '../http/validate.js'

/** The address wallets and aggregators use for a chain's native currency. */
const NATIVE_PLACEHOLDER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/**
 * SPEC §7 `POST /v1/fungible/price` `{ projectId, currency: 'usd', addresses }`: AppKit's
 * `BlockchainApiTokenPriceResponse`, one entry per token the server knows (configured, or seen
 * by the indexer), in the request's order, with the configured price (0 without one). The
 * native currency is `…:0xeeee…eeee` or `…:native`. The body's project must be the query's (the
 * gate's). Each address's chain is checked as `/v1/supported-chains` answers.
 */
export function priceRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  const chains = evmChainsOf(deps.config, deps.fetch)
  app.post('/v1/fungible/price', async (c) => {
    const body = parseRequest(fungiblePriceBodySchema, await jsonBody(c, 32 * 1024), 'request')
    if (body.projectId !== c.var.project.id) {
      throw new HttpError(400, 'Invalid request', [
        { path: ['projectId'], message: 'Must be the project of the query' },
      ])
    }
    const origin = new URL(c.req.url).origin
    const fungibles: FungiblePriceResponse['fungibles'] = []
    for (const [index, caip] of body.addresses.entries()) {
      const [namespace = '', reference = '', raw = ''] = caip.split(':')
      const chain = requireEvmChain(chains, `${namespace}:${reference}`, ['addresses', index])
      const address = raw.toLowerCase() === NATIVE_PLACEHOLDER ? 'native' : raw.toLowerCase()
      let token = configuredTokens(deps.config, chain.caipNetworkId).find(
        (t) => t.address === address,
      )
      if (!token && address !== 'native') {
        const [row] = await deps.db
          .select()
          .from(tokenMetadata)
          .where(
            and(eq(tokenMetadata.chainId, chain.caipNetworkId), eq(tokenMetadata.address, address)),
          )
          .limit(1)
        if (row?.symbol) {
          token = {
            address,
            name: row.name ?? row.symbol,
            symbol: row.symbol,
            decimals: row.decimals ?? 0,
          }
        }
      }
      if (!token) continue
      fungibles.push({
        name: token.name,
        symbol: token.symbol,
        iconUrl: tokenIconUrl(deps.config, token.symbol, origin, c.var.project.id),
        price: priceOf(deps.config, token.symbol),
      })
    }
    return respond(c, fungiblePriceResponseSchema, { fungibles })
  })
  return app
}
