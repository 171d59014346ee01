import {
  SIWX_API_PATHS,
  siwxErrorSchema,
  siwxMessageResponseSchema,
  siwxSessionResponseSchema,
  type SiwxErrorCode,
  type SiwxMessageResponse,
  type SiwxSessionResponse,
} from '@latch/core/api'
import { expect } from 'vitest'
import * as z from 'zod/mini'
import type { ServerConfig, ServerConfigInput } from '../src/config/schema.js'
import type { LatchServer } from '../src/server.js'
import { post, TEST_ORIGIN, testConfig } from './harness.js'

// What the sign-in tests share: a project that serves the chains a test names, the two calls of
// a sign-in, and the refusal check. Each test makes its own project, so none sees another's rows.

/** A second origin of the test project: allowed, but another page than TEST_ORIGIN. */
export const OTHER_ALLOWED_ORIGIN = 'http://localhost:5174'
/** An origin no project allows. */
export const FOREIGN_ORIGIN = 'https://evil.example'
/** The page the tests sign in from. */
export const TEST_PAGE = `${TEST_ORIGIN}/app`

/** The Bitcoin regtest chain (CAIP-2: its genesis hash's first 32 hex digits). */
export const BITCOIN_REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
/** The local Solana chain's id, as the local stack names it. */
export const SOLANA_LOCALNET = 'solana:localnet'

/** An upstream that is never called: Solana and Bitcoin sign-ins read no chain. */
const UNUSED_RPC = 'http://127.0.0.1:9/'

type ChainInput = NonNullable<ServerConfigInput['chains']>[number]

/**
 * A fresh project allowed from TEST_ORIGIN and OTHER_ALLOWED_ORIGIN, on a server that serves
 * `chains` (a CAIP-2 id alone gets an upstream that is never called).
 */
export function siwxConfig(chains: ReadonlyArray<string | ChainInput>): ServerConfig {
  return testConfig(
    { allowedOrigins: [TEST_ORIGIN, OTHER_ALLOWED_ORIGIN] },
    {
      chains: chains.map((chain) =>
        typeof chain === 'string' ? { caipNetworkId: chain, rpcUrls: [UNUSED_RPC] } : chain,
      ),
    },
  )
}

/** The project-scoped path of a sign-in route. */
export const siwxPath = (config: ServerConfig, path: string) =>
  `${path}?projectId=${config.projects[0]!.id}`

/** Asks for a message; `origin` is the page's (TEST_ORIGIN unless given). */
export function askMessage(
  server: LatchServer,
  config: ServerConfig,
  body: Record<string, unknown>,
  origin: string = TEST_ORIGIN,
): Promise<Response> {
  return post(
    server,
    siwxPath(config, SIWX_API_PATHS.message),
    { uri: TEST_PAGE, ...body },
    { origin },
  )
}

/** A message the server wrote, checked against core's schema. */
export async function messageFor(
  server: LatchServer,
  config: ServerConfig,
  body: Record<string, unknown>,
): Promise<SiwxMessageResponse> {
  const response = await askMessage(server, config, body)
  expect(response.status).toBe(200)
  return z.parse(siwxMessageResponseSchema, await response.json())
}

/** Sends a signed message. */
export function sendSignature(
  server: LatchServer,
  config: ServerConfig,
  body: { nonce: string; message: string; signature: string },
  origin: string = TEST_ORIGIN,
): Promise<Response> {
  return post(server, siwxPath(config, SIWX_API_PATHS.sessions), body, { origin })
}

/** A session made from a signature, checked against core's schema. */
export async function sessionFrom(response: Response): Promise<SiwxSessionResponse> {
  expect(response.status).toBe(201)
  return z.parse(siwxSessionResponseSchema, await response.json())
}

/** Checks a refusal: its status and core's code. */
export async function expectRefusal(
  response: Response,
  status: number,
  code: SiwxErrorCode,
): Promise<void> {
  const body = z.parse(siwxErrorSchema, await response.json())
  expect({ status: response.status, code: body.code }).toEqual({ status, code })
}

/** A call with a session's bearer token, from TEST_ORIGIN, or from no page with `origin: null`. */
export function withToken(
  server: LatchServer,
  config: ServerConfig,
  token: string,
  path: string,
  options: { method?: 'GET' | 'POST'; origin?: string | null } = {},
): Promise<Response> {
  const origin = options.origin === undefined ? TEST_ORIGIN : options.origin
  return server.fetch(
    new Request(`http://latch.test${siwxPath(config, path)}`, {
      method: options.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(origin ? { origin } : {}) },
    }),
  )
}

/** How a test's wallet signs a text (hex, base58 or base64, as its namespace encodes it). */
export type SignText = (text: string) => Promise<string> | string

/** The body that sends a message back signed by `sign`. */
export async function signed(
  written: SiwxMessageResponse,
  sign: SignText,
): Promise<{ nonce: string; message: string; signature: string }> {
  return {
    nonce: written.data.nonce,
    message: written.message,
    signature: await sign(written.message),
  }
}
