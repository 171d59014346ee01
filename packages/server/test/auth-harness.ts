// What the email-login tests share: a configuration with `auth` pointing at a real maildev, a
// clock the test moves, fresh addresses, and the login steps as the frame takes them.
import { randomBytes, randomUUID } from 'node:crypto'
import { authErrorSchema, authTokensSchema, type AuthError, type AuthTokens } from '@latch/core/api'
import { startMailbox, type Mailbox } from '@latch/mailbox'
import { afterAll, beforeAll, expect } from 'vitest'
import type { AuthConfig, ServerConfig, ServerConfigInput } from '../src/config/schema.js'
import type { CreateServerOptions, LatchServer } from '../src/server.js'
import {
  AUTH_API_PATHS,
  createDevice,
  FRAME_ORIGIN,
  frameClient,
  type FrameClient,
} from './auth-client.js'
import type { DatabaseSuite } from './harness.js'
import { testConfig } from './harness.js'

/** The proxy header the tests' server reads client addresses from. */
export const CLIENT_IP_HEADER = 'x-forwarded-for'

/** A client address no other test uses. */
export function uniqueIp(): string {
  const bytes = randomBytes(3)
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`
}

/** A secret for tests only. */
export const TEST_AUTH_SECRET = 'latch-test-secret-0123456789abcdef-not-for-production'

type AuthInput = NonNullable<ServerConfigInput['auth']>

/**
 * A real maildev for a test file: started before its tests, stopped after them.
 * @returns the running mailbox (call it inside a test).
 */
export function useMailbox(): () => Mailbox {
  let mailbox: Mailbox | undefined
  beforeAll(async () => {
    mailbox = await startMailbox()
  })
  afterAll(() => mailbox?.stop())
  return () => {
    if (!mailbox) throw new Error('the mailbox is not started yet')
    return mailbox
  }
}

/** A project configuration with email login, mailing through `mailbox`. */
export function authTestConfig(
  mailbox: Pick<Mailbox, 'smtp'>,
  auth: Partial<AuthInput> = {},
): ServerConfig & { auth: AuthConfig } {
  const config = testConfig(
    {},
    {
      auth: {
        publicUrl: FRAME_ORIGIN,
        secret: TEST_AUTH_SECRET,
        smtp: {
          host: mailbox.smtp.host,
          port: mailbox.smtp.port,
          from: 'Latch <login@latch.test>',
        },
        // Tests approve within milliseconds: look often, and never wait long.
        deviceApproval: { ttlSeconds: 900, waitSeconds: 5, pollMs: 20 },
        // Each test calls from its own address (see authWorld), so the per-address limits of
        // tests sharing a database never add up.
        clientIpHeader: CLIENT_IP_HEADER,
        ...auth,
      },
    },
  )
  if (!config.auth) throw new Error('auth missing from the test configuration')
  return { ...config, auth: config.auth }
}

/** An address no other test uses (mixed case: the server must lower it). */
export function uniqueEmail(name = 'user'): string {
  return `${name}-${randomUUID().slice(0, 8)}@Example.test`
}

/** A test clock, starting now. */
export function testClock() {
  let now = Date.now()
  return {
    now: () => now,
    advance(ms: number) {
      now += ms
    },
  }
}

/** A server with email login on the suite's database, and a frame (device) talking to it. */
export interface AuthWorld {
  server: LatchServer
  config: ServerConfig & { auth: AuthConfig }
  projectId: string
  clock: ReturnType<typeof testClock>
  /** The client address the world's frames call from. */
  ip: string
  /** A new browser (a new device key), from the world's address unless told another. */
  newFrame(ip?: string): Promise<FrameClient>
}

export async function authWorld(
  suite: DatabaseSuite,
  mailbox: Pick<Mailbox, 'smtp'>,
  auth: Partial<AuthInput> = {},
  options: CreateServerOptions = {},
  /** Configuration beside `auth` (e.g. `custody`). */
  extra: Partial<Omit<ServerConfig, 'auth'>> = {},
): Promise<AuthWorld> {
  const config = { ...authTestConfig(mailbox, auth), ...extra }
  const clock = testClock()
  const server = await suite.server(config, { now: clock.now, seed: false, ...options })
  const projectId = config.projects[0]?.id ?? ''
  const ip = uniqueIp()
  return {
    server,
    config,
    projectId,
    clock,
    ip,
    newFrame: async (from = ip) =>
      frameClient(server, projectId, await createDevice(), clock.now, {
        [CLIENT_IP_HEADER]: `203.0.113.7, ${from}`,
      }),
  }
}

/** The JSON of an answer with its status checked. */
export async function expectJson(response: Response, status: number): Promise<unknown> {
  const body: unknown = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(status)
  return body
}

/** An auth error's body, with its status checked. */
export async function expectAuthError(response: Response, status: number): Promise<AuthError> {
  return authErrorSchema.parse(await expectJson(response, status))
}

/**
 * A whole login of a device whose account needs no approval (a new address, or a device already
 * approved): CONNECT_EMAIL → VERIFY_OTP, the code read from maildev, CONNECT_OTP → tokens.
 * `mails` is how many mails the address has had once this one came.
 */
export async function loginWithCode(
  frame: FrameClient,
  mailbox: Mailbox,
  email: string,
  mails = 1,
): Promise<AuthTokens> {
  expect(await expectJson(await frame.call(AUTH_API_PATHS.email, { email }), 200)).toEqual({
    action: 'VERIFY_OTP',
  })
  const otp = await mailbox.latestCode(email, { count: mails })
  return authTokensSchema.parse(
    await expectJson(await frame.call(AUTH_API_PATHS.otp, { email, otp }), 200),
  )
}

/** A six-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0')
}

/** The approval form's POST of a mailed link, as the page's button sends it. */
export function postApprovalLink(world: AuthWorld, link: string): Promise<Response> {
  const url = new URL(link)
  return world.server.fetch(
    new Request(`${url.origin}${url.pathname}?projectId=${world.projectId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: world.config.auth.publicUrl,
      },
      body: new URLSearchParams({ token: url.searchParams.get('token') ?? '' }),
    }),
  )
}

/**
 * A new device of an existing account logging in by email: VERIFY_DEVICE, the mailed link
 * approved, VERIFY_OTP, the code. Mails are counted from what the address already had.
 */
export async function loginOnNewDevice(
  world: AuthWorld,
  mailbox: Mailbox,
  email: string,
  frame?: FrameClient,
): Promise<{ frame: FrameClient; tokens: AuthTokens }> {
  const device = frame ?? (await world.newFrame())
  const before = (await mailbox.messages(email)).length
  expect(await expectJson(await device.call(AUTH_API_PATHS.email, { email }), 200)).toEqual({
    action: 'VERIFY_DEVICE',
  })
  const waiting = device.call(AUTH_API_PATHS.device, { email })
  const link = await mailbox.latestLink(email, {
    count: before + 1,
    match: AUTH_API_PATHS.deviceApprove,
  })
  expect((await postApprovalLink(world, link)).status).toBe(200)
  expect(await expectJson(await waiting, 200)).toEqual({ action: 'VERIFY_OTP' })
  const otp = await mailbox.latestCode(email, { count: before + 2 })
  const tokens = authTokensSchema.parse(
    await expectJson(await device.call(AUTH_API_PATHS.otp, { email, otp }), 200),
  )
  return { frame: device, tokens }
}
