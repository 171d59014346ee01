// What the Farcaster tests share: a real chain (the devnet's anvil, with its IdRegistry at the
// canonical address), Farcaster accounts registered on it with fresh custody keys, a server whose
// relay listens on a real port (the scripted Farcaster app reaches it over HTTP, as a phone does),
// and the frame's calls.
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import {
  FARCASTER_API_PATHS,
  farcasterConnectResponseSchema,
  farcasterErrorSchema,
  farcasterResultResponseSchema,
  farcasterStartResponseSchema,
  type FarcasterConnectResponse,
  type FarcasterError,
  type FarcasterResultResponse,
  type FarcasterStartResponse,
} from '@latch/core/api'
import { startDevnet, type Devnet } from '@latch/devnet'
import {
  approveSignIn,
  registerFid,
  type FarcasterAppAccount,
  type FarcasterAppOptions,
} from '@latch/devnet/farcaster'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect } from 'vitest'
import { farcasterConfigSchema, type FarcasterConfig } from '../src/auth/farcaster-config.js'
import type { CreateServerOptions } from '../src/server.js'
import type { FrameClient } from './auth-client.js'
import { authWorld, CLIENT_IP_HEADER, expectJson, type AuthWorld } from './auth-harness.js'
import type { DatabaseSuite } from './harness.js'

/** The devnet chain of a test file, and the relay listeners its worlds opened. */
export interface FarcasterChain {
  rpcUrl: string
}

const listeners: ServerType[] = []

/**
 * Starts one devnet chain before a file's tests (the IdRegistry comes with it) and stops it,
 * and every relay listener the file's worlds opened, after them.
 */
export function useFarcasterChain(): () => FarcasterChain {
  let devnet: Devnet | undefined
  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337 }], env: {} })
  })
  afterAll(async () => {
    await Promise.all(
      listeners.splice(0).map((listener) => new Promise((done) => listener.close(done))),
    )
    await devnet?.stop()
  })
  return () => {
    const chain = devnet?.chains[0]
    if (!chain) throw new Error('the devnet is not started yet')
    return { rpcUrl: chain.rpcUrl }
  }
}

/**
 * A new Farcaster account: a fresh custody key registered for a new fid on the chain's
 * IdRegistry, with a username no other test has.
 */
export async function newFarcasterAccount(
  chain: FarcasterChain,
  profile: Partial<Omit<FarcasterAppAccount, 'fid' | 'custody'>> = {},
): Promise<FarcasterAppAccount> {
  const custody = privateKeyToAccount(generatePrivateKey())
  const fid = Number(await registerFid(chain.rpcUrl, custody))
  return {
    fid,
    custody,
    username: `fc${fid}-${custody.address.slice(2, 8).toLowerCase()}`,
    ...profile,
  }
}

/** A key no fid is registered to. */
export const unregisteredKey = () => privateKeyToAccount(generatePrivateKey())

/** No mail goes out in a Farcaster sign-in: an SMTP server nobody listens on. */
const NO_MAIL = { smtp: { host: '127.0.0.1', port: 9 } }

/** Limits no test reaches by accident (one test checks them on purpose with its own). */
const ROOMY = { requests: 10_000, windowSeconds: 600 }

/** The `farcaster` section reading the chain's IdRegistry. */
export function farcasterTestConfig(
  chain: FarcasterChain,
  extra: Record<string, unknown> = {},
): FarcasterConfig {
  const rateLimits = Object.fromEntries(
    [
      'startPerIp',
      'resultPerIp',
      'connectPerIp',
      'channelPerIp',
      'authenticatePerIp',
      'statusPerIp',
    ].map((name) => [name, ROOMY]),
  )
  return farcasterConfigSchema.parse({ rpcUrls: [chain.rpcUrl], rateLimits, ...extra })
}

/** A server with email login and Farcaster, its relay on a real port. */
export interface FarcasterWorld extends AuthWorld {
  /** What the scripted app needs: the relay's URL and the chain. */
  app: FarcasterAppOptions
  /** The relay's origin (`http://127.0.0.1:port`). */
  origin: string
}

export async function farcasterWorld(
  suite: DatabaseSuite,
  chain: FarcasterChain,
  farcaster: Record<string, unknown> = {},
  server: CreateServerOptions = {},
): Promise<FarcasterWorld> {
  const world = await authWorld(suite, NO_MAIL, {}, server, {
    farcaster: farcasterTestConfig(chain, farcaster),
  })
  // As a reverse proxy in front would, the listener tells the server the client's address: the
  // world's own, so one test's relay calls never count against another's limits.
  const behindProxy = (request: Request) => {
    const headers = new Headers(request.headers)
    headers.set(CLIENT_IP_HEADER, `203.0.113.7, ${world.ip}`)
    return world.server.fetch(new Request(request, { headers }))
  }
  const listener = await new Promise<ServerType>((ready) => {
    const server = serve({ fetch: behindProxy, port: 0, hostname: '127.0.0.1' }, () =>
      ready(server),
    )
  })
  listeners.push(listener)
  const { port } = listener.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    ...world,
    origin,
    app: { relay: `${origin}${FARCASTER_API_PATHS.relay}`, rpcUrl: chain.rpcUrl },
  }
}

/** GET_FARCASTER_URI, checked: the link, the channel token and the flow id. */
export async function startSignIn(frame: FrameClient): Promise<FarcasterStartResponse> {
  const response = await frame.call(FARCASTER_API_PATHS.start, {})
  return farcasterStartResponseSchema.parse(await expectJson(response, 200))
}

export async function readResult(
  frame: FrameClient,
  flowId: string,
): Promise<FarcasterResultResponse> {
  const response = await frame.call(FARCASTER_API_PATHS.result, { flowId })
  return farcasterResultResponseSchema.parse(await expectJson(response, 200))
}

export async function connect(
  frame: FrameClient,
  flowId: string,
): Promise<FarcasterConnectResponse> {
  const response = await frame.call(FARCASTER_API_PATHS.connect, { flowId })
  return farcasterConnectResponseSchema.parse(await expectJson(response, 200))
}

/** A Farcaster call's refusal, with its status checked. */
export async function expectFarcasterError(
  response: Response,
  status: number,
): Promise<FarcasterError> {
  return farcasterErrorSchema.parse(await expectJson(response, status))
}

/**
 * A whole sign-in of a device, as the frame and the phone make it: start, the scripted app's
 * approval on the relay, the result (ready), connect.
 */
export async function farcasterLogin(
  world: FarcasterWorld,
  frame: FrameClient,
  account: FarcasterAppAccount,
): Promise<FarcasterConnectResponse & { started: FarcasterStartResponse }> {
  const started = await startSignIn(frame)
  expect(await readResult(frame, started.flowId)).toEqual({ status: 'pending' })
  const approved = await approveSignIn(started.url, account, world.app)
  expect(approved.status, JSON.stringify(approved.body)).toBe(201)
  expect(await readResult(frame, started.flowId)).toEqual({ status: 'ready' })
  return { ...(await connect(frame, started.flowId)), started }
}
