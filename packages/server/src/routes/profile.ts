import {
  profileAccountParamsSchema,
  profileAddressSchema,
  profileNameEntrySchema,
  profileNameSchema,
  profileReverseParamsSchema,
  profileReverseResponseSchema,
} from '@latch/core/api'
import { Hono } from 'hono'
import * as z from 'zod'
import type { RouteDeps } from '../deps.js'
import { HttpError } from '../http/errors.js'
import type { ProjectEnv } from '../http/project.js'
import { parseRequest, queryOf, respond } from '../http/validate.js'
import { coinTypesByNamespace, findName, nameEntry, namesOfAddress } from './profile-names.js'

/** SPEC §9: a name lookup is kept 5 minutes, as the identity is. */
const PROFILE_CACHE_CONTROL = 'private, max-age=300'

const nameParamSchema = z.object({ name: profileNameSchema })
const addressParamSchema = z.object({ address: profileAddressSchema })

/**
 * SPEC §7's name service, AppKit's `BlockchainApiLookupEnsName` (apiVersion 2), from the `names`
 * table (see `profile-names.ts`):
 * - `GET /v1/profile/account/{name}`: the name's entry (matched case-insensitively), its address
 *   under each coin type it fits; 404 'Name not found' when it is not registered.
 * - `GET /v1/profile/reverse/{address}`: the address's names, newest first; `[]` for none.
 *
 * Behind the project gate like every blockchain-data route; a malformed name, address or query is
 * a 400 with the zod issues. Answers are cached 5 minutes by the client (SPEC §9).
 */
export function profileRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  const coinTypes = coinTypesByNamespace(deps.config)
  app.get('/v1/profile/account/:name', async (c) => {
    const { name } = parseRequest(nameParamSchema, c.req.param(), 'name')
    parseRequest(profileAccountParamsSchema, queryOf(c), 'query')
    const row = await findName(deps.db, name)
    if (!row) throw new HttpError(404, 'Name not found')
    c.header('cache-control', PROFILE_CACHE_CONTROL)
    return respond(c, profileNameEntrySchema, nameEntry(row, coinTypes))
  })
  app.get('/v1/profile/reverse/:address', async (c) => {
    const { address } = parseRequest(addressParamSchema, c.req.param(), 'address')
    parseRequest(profileReverseParamsSchema, queryOf(c), 'query')
    const rows = await namesOfAddress(deps.db, address)
    c.header('cache-control', PROFILE_CACHE_CONTROL)
    return respond(
      c,
      profileReverseResponseSchema,
      rows.map((row) => nameEntry(row, coinTypes)),
    )
  })
  return app
}
