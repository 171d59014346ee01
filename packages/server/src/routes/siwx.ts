import {
  SIWX_API_PATHS,
  siwxMessageRequestSchema,
  siwxMessageResponseSchema,
  siwxSessionRequestSchema,
  siwxSessionResponseSchema,
} from '@latch/core/api'
import { Hono, type Context } from 'hono'
import { evmChainsOf } from '../account/chains.js'
import { clientIp } from '../auth/request.js'
import type { RouteDeps } from '../deps.js'
import { HttpError } from '../http/errors.js'
import type { ProjectEnv } from '../http/project.js'
import { jsonBody, parseRequest, respond } from '../http/validate.js'
import { hitRateLimit } from '../limits/rate-limit.js'
import {
  chainNotSupported,
  domainNotAllowed,
  invalidSignature,
  messageMismatch,
  nonceExpired,
} from '../siwx/errors.js'
import { formatSiwxMessage, newNonce, siwxMessageData } from '../siwx/message.js'
import { createSession, saveMessage, sessionInfo, spendNonce } from '../siwx/store.js'
import { verifySiwxSignature } from '../siwx/verify.js'

/** The largest sign-in body read: a message, a signature and a CACAO fit well within it. */
const SIWX_BODY_MAX_BYTES = 32 * 1024

/**
 * The page that calls: its Origin, which the gate already found on the project's list. A call
 * without one cannot sign in, since the message's domain is the page's.
 */
function pageOrigin(c: Context): string {
  const origin = c.req.header('origin')
  if (origin === undefined) throw domainNotAllowed('the request has no Origin')
  return origin
}

/**
 * Sign in with the wallet (issue 30), core's `api/siwx.ts`: `POST /v1/siwx/message` writes the
 * message to sign, `POST /v1/siwx/sessions` turns its signature into a session. Behind the
 * sign-in gate (siwx/gate.ts), which checked the project and the page's origin.
 *
 * The message is the server's: the domain is the Origin's host (a page cannot forge it), the
 * nonce and the times are its own, and the text is kept with the nonce. A sign-in spends the
 * nonce first, whatever follows, so a tampered or refused attempt cannot be retried with it.
 */
export function siwxRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  const served = new Set<string>(deps.config.chains.map((chain) => chain.caipNetworkId))
  const evmChains = evmChainsOf(deps.config, deps.fetch)
  const ipHeader = { config: { clientIpHeader: deps.config.auth?.clientIpHeader } }

  app.post(SIWX_API_PATHS.message, async (c) => {
    const request = parseRequest(siwxMessageRequestSchema, await jsonBody(c, SIWX_BODY_MAX_BYTES))
    const origin = pageOrigin(c)
    if (new URL(request.uri).origin !== origin) {
      throw domainNotAllowed("the uri is not of the page's origin")
    }
    if (!served.has(request.chainId)) throw chainNotSupported(request.chainId)
    const { project } = c.var
    const now = deps.now()
    const limit = project.siwxMessageRateLimit
    const verdict = await hitRateLimit(
      deps.db,
      `siwx-message:${project.id}:${clientIp(c, ipHeader)}`,
      { requests: limit.requests, windowMs: limit.windowSeconds * 1000 },
      now,
    )
    if (!verdict.allowed) {
      const seconds = verdict.retryAfterSeconds
      throw new HttpError(429, `Please try again after ${seconds} seconds`, undefined, {
        'retry-after': String(seconds),
      })
    }
    const data = siwxMessageData(request, { domain: new URL(origin).host, nonce: newNonce(), now })
    const message = writeMessage(data)
    await saveMessage(deps.db, { projectId: project.id, data, message }, now)
    return respond(c, siwxMessageResponseSchema, { data, message })
  })

  app.post(SIWX_API_PATHS.sessions, async (c) => {
    const body = parseRequest(siwxSessionRequestSchema, await jsonBody(c, SIWX_BODY_MAX_BYTES))
    const origin = pageOrigin(c)
    const now = deps.now()
    const stored = await spendNonce(deps.db, c.var.project.id, body.nonce, now)
    if (!stored) throw nonceExpired()
    if (body.message !== stored.message) throw messageMismatch()
    if (new URL(stored.data.uri).origin !== origin) {
      throw domainNotAllowed('the message was written for another page')
    }
    // Another instance may have written it with another configuration.
    if (!served.has(stored.chainId)) throw chainNotSupported(stored.chainId)
    const valid = await verifySiwxSignature({
      message: stored,
      signature: body.signature,
      evmChains,
      now,
    })
    if (!valid) throw invalidSignature()
    const { token, row } = await createSession(
      deps.db,
      { message: stored, signature: body.signature, cacao: body.cacao },
      now,
    )
    return respond(c, siwxSessionResponseSchema, { token, session: sessionInfo(row) }, 201)
  })
  return app
}

/** The message's text; a field its format cannot hold is the request's fault. */
function writeMessage(data: Parameters<typeof formatSiwxMessage>[0]): string {
  try {
    return formatSiwxMessage(data)
  } catch {
    throw new HttpError(400, 'Invalid request', [
      { path: [], message: "The message cannot be written in this chain's format" },
    ])
  }
}
