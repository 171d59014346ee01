// What the frame's Node tests share: a real Latch server in process (email login, custody, the
// RPC proxy to a real anvil, social login when given its configuration, Farcaster on request:
// the IdRegistry on that anvil, the relay on a real port), a real maildev, and
// frames built as main.ts builds them, with an in-memory store in place of IndexedDB and every
// call to the server recorded.
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { startDevnet, type Devnet } from '@latch/devnet'
import { startMailbox, type Mailbox } from '@latch/mailbox'
import {
  createServer,
  parseServerConfig,
  type LatchServer,
  type ServerConfigInput,
} from '@latch/server'
import type {
  AppEventType,
  AppRequest,
  AppSuccess,
  FrameHandler,
  FrameHandlers,
  FrameNotify,
} from '@latch/frame'
import { AUTH_API_PATHS, FARCASTER_API_PATHS } from '@latch/core/api'
import { createApi } from '../api.js'
import { createFarcasterLogin } from '../farcaster.js'
import type { Approver } from '../approval.js'
import type { FrameConfig } from '../config.js'
import { createWalletKeeper } from '../custody.js'
import { createHandlers } from '../handlers.js'
import { loadDeviceKey, loadWrappingKey } from '../keys.js'
import { signedInRpcFetch } from '../rpc-fetch.js'
import { createSession } from '../session.js'
import { createSocialLogin } from '../social.js'
import { memoryStore } from '../store.js'

export const PUBLIC_URL = 'http://127.0.0.1:8787'
const SECRETS = {
  LATCH_AUTH_SECRET: 'frame-test-auth-secret-0123456789abcdef-not-for-prod',
  LATCH_CUSTODY_KEY: 'frame-test-custody-key-0123456789abcdef-not-for-prod',
}

export interface World {
  server: LatchServer
  mailbox: Mailbox
  devnet: Devnet
  config: FrameConfig
  /** Every body the frames sent to the server, and every answer: the key must be in none. */
  traffic: string[]
  /** The path of every call the frames made, in order. */
  paths: string[]
  fetch: typeof fetch
  /**
   * Where the Farcaster app reaches the server's auth relay over HTTP, as a phone does
   * (`createAppClient({ relay })`); only with the `farcaster` option.
   */
  farcasterRelay?: string
  stop(): Promise<void>
}

/** What a test's server runs with besides email login. */
export interface WorldOptions {
  /** The server's `social` section (social login's providers). */
  social?: ServerConfigInput['social']
  /** The server's clock (flows' lives, tokens, rate limits); `Date.now` by default. */
  now?: () => number
  /**
   * Sign in with Farcaster: the server's `farcaster` section reading the devnet's IdRegistry
   * (these fields laid over it), and its relay listening on a free port.
   */
  farcaster?: { channelTtlSeconds?: number }
}

/** Limits no test reaches: every test here calls from the same address, and polls fast. */
const ROOMY = { requests: 100_000, windowSeconds: 600 }
const FARCASTER_LIMITS = [
  'startPerIp',
  'resultPerIp',
  'connectPerIp',
  'channelPerIp',
  'authenticatePerIp',
  'statusPerIp',
] as const

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const [mailbox, devnet] = await Promise.all([
    startMailbox(),
    startDevnet({ chains: [{ chainId: 31337 }] }),
  ])
  const projectId = `p-${randomUUID().slice(0, 12)}`
  const chain = devnet.chains[0]
  if (!chain) throw new Error('the devnet has no chain')
  const serverConfig = parseServerConfig({
    projects: [{ id: projectId, allowedOrigins: ['http://localhost:*'] }],
    chains: [{ caipNetworkId: `eip155:${chain.chainId}`, rpcUrls: [chain.rpcUrl] }],
    indexer: { enabled: false },
    auth: {
      publicUrl: PUBLIC_URL,
      smtp: { host: mailbox.smtp.host, port: mailbox.smtp.port, from: 'Latch <login@latch.test>' },
      deviceApproval: { ttlSeconds: 900, waitSeconds: 2, pollMs: 20 },
    },
    ...(options.social ? { social: options.social } : {}),
    ...(options.farcaster
      ? {
          farcaster: {
            rpcUrls: [chain.rpcUrl],
            rateLimits: Object.fromEntries(FARCASTER_LIMITS.map((name) => [name, ROOMY])),
            ...options.farcaster,
          },
        }
      : {}),
  })
  const server = await createServer(serverConfig, {
    // Fixed test secrets: development, whatever NODE_ENV the shell has.
    mode: 'development',
    env: SECRETS,
    seed: false,
    indexer: false,
    ...(options.now ? { now: options.now } : {}),
  })
  const traffic: string[] = []
  const paths: string[] = []
  const fetchFn: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    paths.push(new URL(request.url).pathname)
    traffic.push(await request.clone().text())
    const response = await server.fetch(request)
    traffic.push(await response.clone().text())
    return response
  }
  const relay = options.farcaster ? await listen(server) : undefined
  return {
    server,
    mailbox,
    devnet,
    traffic,
    paths,
    fetch: fetchFn,
    ...(relay ? { farcasterRelay: `${relay.origin}${FARCASTER_API_PATHS.relay}` } : {}),
    config: {
      apiUrl: PUBLIC_URL,
      rpcUrl: `${PUBLIC_URL}/secure-frame/rpc`,
      projectId,
      allowedAncestors: ['http://localhost:*'],
      chains: [{ id: chain.chainId, name: chain.name }],
    },
    async stop() {
      if (relay) await new Promise((done) => relay.listener.close(done))
      await server.close()
      await Promise.all([mailbox.stop(), devnet.stop()])
    },
  }
}

/** One browser's frame: its store, its handlers, and what it told the host. */
/** The host page of the tests' frames. */
export const TEST_PARENT_ORIGIN = 'http://127.0.0.1:4173'

export interface TestFrame {
  handlers: FrameHandlers
  store: ReturnType<typeof memoryStore>
  notices: { type: string; payload: unknown }[]
  reloads: number
  /** The host page's origin the endpoint accepted (what SIGN_IN checks a message against). */
  parentOrigin: string
  /** Calls a handler as the endpoint would. */
  call<T extends AppEventType>(
    type: T,
    payload: AppRequest<T>,
    signal?: AbortSignal,
  ): Promise<AppSuccess<T>>
}

/** The server on a free port of 127.0.0.1, for callers from outside (the Farcaster app). */
async function listen(server: LatchServer): Promise<{ listener: ServerType; origin: string }> {
  const listener = await new Promise<ServerType>((ready) => {
    const running = serve(
      { fetch: (request) => server.fetch(request), port: 0, hostname: '127.0.0.1' },
      () => ready(running),
    )
  })
  const { port } = listener.address() as AddressInfo
  return { listener, origin: `http://127.0.0.1:${port}` }
}

/** The social and Farcaster logins' timings in a test (short, so no test waits the real ones). */
export interface SocialTimings {
  pollMs?: number
  resultTimeoutMs?: number
}

/**
 * A frame as main.ts builds it; `approve` answers the approval UI (approve all by default),
 * `social` sets the social login's timings, `fetchFn` is its network (the world's by default),
 * `store` its browser's storage (a new browser's by default; another frame's: the same browser).
 */
export async function newFrame(
  world: World,
  approve: Approver = async () => true,
  social: SocialTimings = {},
  fetchFn: typeof fetch = world.fetch,
  store: ReturnType<typeof memoryStore> = memoryStore(),
): Promise<TestFrame> {
  const device = await loadDeviceKey(store)
  const api = createApi({
    apiUrl: world.config.apiUrl,
    projectId: world.config.projectId,
    device,
    fetch: fetchFn,
  })
  const session = createSession({ api, store, projectId: world.config.projectId })
  const wallet = createWalletKeeper({ store, wrappingKey: () => loadWrappingKey(store), session })
  const frame: TestFrame = {
    store,
    notices: [],
    reloads: 0,
    parentOrigin: TEST_PARENT_ORIGIN,
    handlers: createHandlers({
      config: world.config,
      api,
      session,
      wallet,
      social: createSocialLogin({ api, serverUrl: world.config.apiUrl, ...social }),
      farcaster: createFarcasterLogin({ api, ...social }),
      approve,
      applyTheme: () => undefined,
      setDapp: () => undefined,
      reload: () => {
        frame.reloads += 1
      },
      fetch: signedInRpcFetch({ device, accessToken: () => session.accessToken(), fetch: fetchFn }),
    }),
    call(type, payload, signal = new AbortController().signal) {
      const notify: FrameNotify = (noticeType, ...args) => {
        frame.notices.push({ type: noticeType, payload: args[0] })
        return true
      }
      const handler: FrameHandler<typeof type> = frame.handlers[type]
      const context = { id: randomUUID(), signal, notify, parentOrigin: frame.parentOrigin }
      return Promise.resolve(handler(payload, context))
    },
  }
  return frame
}

/**
 * The person opens the newest device-approval link mailed to `email` (`count`: how many mails to
 * that address to wait for) and confirms it, as its page's form posts: the server's status.
 */
export async function approveByMail(world: World, email: string, count = 1): Promise<number> {
  const link = new URL(
    await world.mailbox.latestLink(email, { count, match: AUTH_API_PATHS.deviceApprove }),
  )
  const approved = await world.server.fetch(
    new Request(`${link.origin}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: link.origin },
      body: new URLSearchParams({ token: link.searchParams.get('token') ?? '' }),
    }),
  )
  return approved.status
}
