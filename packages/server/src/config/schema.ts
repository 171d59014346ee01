import { isCaipNetworkId, isFrameAncestorPattern, projectIdSchema } from '@latch/core/api'
import * as z from 'zod'
import { checkFarcasterConfig, farcasterConfigSchema } from '../auth/farcaster-config.js'
import { checkSocialFeatures, socialConfigSchema } from '../auth/social-config.js'

// The server's one configuration file (`latch.config.json`), checked at start-up. Every field is
// named in the error when it is wrong, so an operator fixes the file in one pass.

// Core's one CAIP-2 rule, the one its clients and the shared API schemas apply.
const caipNetworkId = z
  .string()
  .refine(isCaipNetworkId, 'Must be a CAIP-2 chain id such as eip155:1')

const httpUrl = z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })

/**
 * An allowed origin: an exact origin (`https://app.example`), or one with `*` as its port for a
 * local host whose port changes from run to run (`http://127.0.0.1:*`).
 */
const originPattern = z
  .string()
  .regex(
    /^https?:\/\/[a-z0-9.-]+(?::(?:[0-9]{1,5}|\*))?$|^https?:\/\/\[[0-9a-f:]+\](?::(?:[0-9]{1,5}|\*))?$/,
    'Must be an origin such as https://app.example (lower case, no path), or http://127.0.0.1:*',
  )

/** A project's remote feature flag, as SPEC §7 `GET /appkit/v1/config` answers it. */
const featureSchema = z.object({
  id: z.string().min(1).max(64),
  isEnabled: z.boolean(),
  config: z.array(z.string().max(64)).max(32).nullable().optional(),
})

const rateLimitSchema = z.object({
  /** Requests allowed in each window. */
  requests: z.number().int().positive(),
  /** The window's length in seconds. */
  windowSeconds: z.number().int().positive().max(86_400),
})

export const projectConfigSchema = z.object({
  id: projectIdSchema,
  /** The app's name in the mails a user gets about their wallet; the id when absent. */
  name: z.string().trim().min(1).max(64).optional(),
  /** Origins whose pages may call the server for this project; others get 403 and no CORS grant. */
  allowedOrigins: z.array(originPattern).min(1),
  /** SPEC §7 remote features. */
  features: z.array(featureSchema).default([]),
  /** SPEC §7 `GET /getAnalyticsConfig`. Off unless the operator turns it on. */
  analytics: z.boolean().default(false),
  /** The project's JSON-RPC proxy budget (SPEC §7 `/v1/`), shared by every server instance. */
  rpcRateLimit: rateLimitSchema.default({ requests: 600, windowSeconds: 60 }),
  /**
   * The secure frame's own JSON-RPC budget, per signed-in user (a call with the session's token
   * and device proof): apart from `rpcRateLimit`, so anonymous clients cannot starve the frame.
   */
  frameRpcRateLimit: rateLimitSchema.default({ requests: 600, windowSeconds: 60 }),
  /** `POST /e` analytics (`track`) events per client: 120 a minute. */
  trackRateLimit: rateLimitSchema.default({ requests: 120, windowSeconds: 60 }),
  /**
   * Sign-in messages (`POST /v1/siwx/message`) per client address: 30 a minute. Counted per
   * client, never per account, so nobody can spend someone else's budget and lock them out.
   */
  siwxMessageRateLimit: rateLimitSchema.default({ requests: 30, windowSeconds: 60 }),
})

/**
 * The indexer (issue 11): follows each EVM chain's blocks and stores the transfers of the
 * accounts it sees, for `/v1/account/{account}/history` and the balance of discovered tokens.
 */
const indexerFields = {
  /** Off by default: a server only indexes the chains an operator asks it to. */
  enabled: z.boolean(),
  /** How often the chain's head is polled once the indexer has caught up. */
  pollIntervalMs: z.number().int().min(20).max(600_000),
  /** The most blocks fetched and stored in one step (one transaction). */
  batchBlocks: z.number().int().min(1).max(10_000),
  /** The first block indexed on a fresh database. */
  startBlock: z.number().int().nonnegative(),
  /** How long an instance's lease lasts without renewal before another may take over. */
  leaseSeconds: z.number().int().min(2).max(3_600),
}

export const indexerConfigSchema = z.object({
  enabled: indexerFields.enabled.default(false),
  pollIntervalMs: indexerFields.pollIntervalMs.default(2_000),
  batchBlocks: indexerFields.batchBlocks.default(100),
  startBlock: indexerFields.startBlock.default(0),
  leaseSeconds: indexerFields.leaseSeconds.default(30),
})

/** The indexer's defaults, as an omitted `indexer` section reads. */
export const INDEXER_DEFAULTS = indexerConfigSchema.parse({})

export const chainConfigSchema = z.object({
  caipNetworkId,
  /** Upstream JSON-RPC endpoints, tried in order. */
  rpcUrls: z.array(httpUrl).min(1),
  /** This chain's changes to the server's `indexer` section. */
  indexer: z.object(indexerFields).partial().optional(),
  /**
   * A JSON-RPC endpoint of a chain with ENS (Ethereum mainnet, or a testnet with its registry):
   * `/v1/identity` asks it for the reverse name and avatar of addresses on this chain. Absent: no
   * ENS lookups for this chain (a devnet).
   */
  ensRpcUrl: httpUrl.optional(),
})

export const tokenConfigSchema = z.object({
  caipNetworkId,
  /** The token contract, or `native` for the chain's own currency. */
  address: z.string().min(1).max(128),
  symbol: z.string().min(1).max(16),
  name: z.string().min(1).max(64),
  decimals: z.number().int().min(0).max(255),
})

export const priceSourceSchema = z.discriminatedUnion('kind', [
  /** Fixed USD prices by symbol: for devnets and tests. */
  z.object({ kind: z.literal('static'), usd: z.record(z.string(), z.number().nonnegative()) }),
  /** No prices: balances are shown without a USD value. */
  z.object({ kind: z.literal('none') }),
])

/**
 * Whether a URL may carry tokens: https, or http on the loopback host (a developer's machine),
 * where nobody else can listen in.
 */
function isSafePublicUrl(value: string): boolean {
  const url = new URL(value)
  if (url.protocol === 'https:') return true
  return (
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ||
    url.hostname.endsWith('.localhost')
  )
}

/** The SMTP server the login mails go through (nodemailer's SMTP transport). */
export const smtpConfigSchema = z.object({
  host: z.string().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean().default(false),
  /** The sender, `address` or `Name <address>`. */
  from: z.string().min(3).max(320),
  /** Credentials, when the server asks for them. */
  auth: z.object({ user: z.string().min(1), pass: z.string().min(1) }).optional(),
})

/** The email login's limits, each counted in the database (shared by every instance). */
export const authRateLimitsSchema = z.object({
  /** Mails (codes, approval links) per address and client address: 5 per 10 minutes. */
  sendPerEmailIp: rateLimitSchema.default({ requests: 5, windowSeconds: 600 }),
  /**
   * Mails per address from callers that are not one of its account's approved devices, whatever
   * their client address: 30 an hour (a mail bomb's ceiling; the owner's devices never meet it).
   */
  sendPerEmail: rateLimitSchema.default({ requests: 30, windowSeconds: 3_600 }),
  /** Mails per client address: 20 per 10 minutes. */
  sendPerIp: rateLimitSchema.default({ requests: 20, windowSeconds: 600 }),
  /** Code attempts per address and client address, across codes: 10 per 10 minutes. */
  verifyPerEmailIp: rateLimitSchema.default({ requests: 10, windowSeconds: 600 }),
  /**
   * Wrong codes per address (per account for an email update), across codes and client
   * addresses: 10 an hour, then every code of the address is refused until the hour ends.
   */
  wrongCodesPerEmail: rateLimitSchema.default({ requests: 10, windowSeconds: 3_600 }),
  /** Refreshes and device-approval waits per client address: 60 per 10 minutes. */
  sessionPerIp: rateLimitSchema.default({ requests: 60, windowSeconds: 600 }),
})

/**
 * Email login (issue 17): OTP login, device approval, sessions and email update, for the secure
 * frame. Absent: the `/v1/auth/*` routes answer 404.
 */
export const authConfigSchema = z.object({
  /**
   * The server's own URL as browsers reach it (no trailing slash): the approval links of the
   * mails, the `iss` of access tokens and the `htu` of device proofs. https, or http on a
   * loopback host.
   */
  publicUrl: httpUrl
    .refine(
      (value) => new URL(value).pathname === '/' && !/[?#]/.test(value),
      'Must be an origin, without a path',
    )
    .refine(isSafePublicUrl, 'Must be https (http only on localhost or 127.0.0.1)')
    .transform((value) => new URL(value).origin),
  /**
   * The only origins whose pages may call `/v1/auth/*`: the secure frame's. The frame is served
   * by this server, so its origin is `publicUrl`'s, always allowed; list others only for a
   * frame served elsewhere during development. A host page's origin never belongs here.
   */
  frameOrigins: z.array(originPattern).default([]),
  /**
   * The secret every key of the login is derived from (code hashes, token hashes, the access
   * token's signing key): at least 32 characters, the same on every instance. Development only:
   * in production it must come from `LATCH_AUTH_SECRET` in the environment (config/production.ts).
   */
  secret: z.string().min(32, 'Must be at least 32 characters').optional(),
  smtp: smtpConfigSchema,
  /** The access token's lifetime: 15 minutes. */
  accessTokenTtlSeconds: z.number().int().min(60).max(3_600).default(900),
  /** A refresh token's lifetime (each refresh makes a new one): 30 days. */
  refreshTokenTtlSeconds: z.number().int().min(300).max(31_536_000).default(2_592_000),
  /** A session's whole life, however often it is refreshed: 90 days. */
  sessionMaxAgeSeconds: z.number().int().min(300).max(31_536_000).default(7_776_000),
  deviceApproval: z
    .object({
      /** How long an approval link works: 15 minutes. */
      ttlSeconds: z.number().int().min(60).max(86_400).default(900),
      /** How long CONNECT_DEVICE waits for the approval before asking to call again: 25 s (the frame gives up at 30). */
      waitSeconds: z.number().int().min(0).max(25).default(25),
      /** How often the wait looks at the database. */
      pollMs: z.number().int().min(10).max(5_000).default(500),
    })
    .default({ ttlSeconds: 900, waitSeconds: 25, pollMs: 500 }),
  rateLimits: authRateLimitsSchema.default({
    sendPerEmailIp: { requests: 5, windowSeconds: 600 },
    sendPerEmail: { requests: 30, windowSeconds: 3_600 },
    sendPerIp: { requests: 20, windowSeconds: 600 },
    verifyPerEmailIp: { requests: 10, windowSeconds: 600 },
    wrongCodesPerEmail: { requests: 10, windowSeconds: 3_600 },
    sessionPerIp: { requests: 60, windowSeconds: 600 },
  }),
  /**
   * A header holding the client's address, set by a reverse proxy you run (e.g.
   * `x-forwarded-for`, whose last entry is read). Without it the socket's address is used;
   * never set it when clients reach the server directly: they could write any address.
   */
  clientIpHeader: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'Must be a lower-case header name')
    .optional(),
})

/**
 * Key custody of the embedded wallet (issue 17, docs/security.md): the server keeps two of the
 * three shares of each wallet's key, one in `custody_wallets`, the other sealed in the vault
 * under a key derived from LATCH_CUSTODY_KEY (never from the file). Without that variable the
 * custody routes answer 503 and no wallet can be made or recovered.
 */
export const custodyConfigSchema = z.object({
  /**
   * Where the vault share lives: another PostgreSQL database (`postgres://…`), so that a copy
   * of the main database lacks it. Absent: its own table in the main database.
   */
  vaultDatabaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'Must start with postgres:// or postgresql://')
    .optional(),
  /**
   * How long after an email login (a session's start) its device may fetch the shares to rebuild
   * the key: 10 minutes. A session refreshed for weeks never can.
   */
  recoveryWindowSeconds: z.number().int().min(60).max(3_600).default(600),
  rateLimits: z
    .object({
      /** Recoveries per user: 5 a day (each share counted on its own, so 5 of each). */
      recoverPerUser: rateLimitSchema.default({ requests: 5, windowSeconds: 86_400 }),
      /** Custody calls per client address: 60 per 10 minutes. */
      callsPerIp: rateLimitSchema.default({ requests: 60, windowSeconds: 600 }),
    })
    .default({
      recoverPerUser: { requests: 5, windowSeconds: 86_400 },
      callsPerIp: { requests: 60, windowSeconds: 600 },
    }),
})

/**
 * The secure frame (issue 17): the built `apps/secure-frame`, served on this server's origin at
 * `path`, with a per-project `frame-ancestors` CSP. Needs `auth` (the frame logs in through it).
 */
export const secureFrameConfigSchema = z.object({
  /**
   * The built frame app's folder (its `index.html` and `assets/`), resolved from the config
   * file's folder. Absent: the workspace's `apps/secure-frame/dist`, when it exists.
   */
  distDir: z.string().min(1).optional(),
  /**
   * Who may embed the frame for every project besides its own allowed origins, on a server in
   * development mode only (config/mode.ts): SPEC's default ancestors
   * (`DEVELOPMENT_FRAME_ANCESTORS`: localhost, pages.dev, vercel.app, ngrok-free.app) unless
   * replaced. In production a project's ancestors are its allowed origins alone, whatever this says.
   */
  developmentAncestors: z
    .array(
      z
        .string()
        .refine(isFrameAncestorPattern, 'Must be an origin pattern (scheme://[*.]host[:port|:*])'),
    )
    .optional(),
})

export const serverConfigSchema = z
  .object({
    projects: z.array(projectConfigSchema).min(1),
    chains: z.array(chainConfigSchema).default([]),
    tokens: z.array(tokenConfigSchema).default([]),
    prices: priceSourceSchema.default({ kind: 'none' }),
    indexer: indexerConfigSchema.default(INDEXER_DEFAULTS),
    directory: z
      .object({
        /**
         * The wallet directory's seed: `builtin` (Latch's own list) or a JSON file of directory
         * entries, resolved from the config file's folder.
         */
        seed: z.string().min(1).default('builtin'),
      })
      .default({ seed: 'builtin' }),
    rpc: z
      .object({
        /**
         * JSON-RPC methods the proxy forwards, replacing the default list (`DEFAULT_RPC_METHODS`);
         * every other method is refused and never sent upstream.
         */
        allowedMethods: z.array(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/)).optional(),
        /** Each upstream attempt's limit in ms (SPEC §9 library default: 10000). */
        upstreamTimeoutMs: z.number().int().positive().max(60_000).default(10_000),
        /** Retries per upstream URL on SPEC §7's statuses (SPEC §9: 3). */
        upstreamRetries: z.number().int().min(0).max(10).default(3),
        /** The first retry's delay in ms, doubling after each (SPEC §9: 150). */
        upstreamRetryDelayMs: z.number().int().min(0).max(10_000).default(150),
      })
      .default({ upstreamTimeoutMs: 10_000, upstreamRetries: 3, upstreamRetryDelayMs: 150 }),
    auth: authConfigSchema.optional(),
    /** Absent: the defaults of {@link custodyConfigSchema}. */
    custody: custodyConfigSchema.optional(),
    /** Absent: the frame from the workspace's build; in development, with SPEC's default ancestors. */
    secureFrame: secureFrameConfigSchema.optional(),
    /** Social login (issue 12): the providers' credentials and endpoints. Needs `auth`. */
    social: socialConfigSchema.optional(),
    /**
     * Sign in with Farcaster (issue 12): the server's own auth relay, and where the IdRegistry is
     * read. Needs `auth`.
     */
    farcaster: farcasterConfigSchema.optional(),
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>()
    config.projects.forEach((project, index) => {
      if (seen.has(project.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['projects', index, 'id'],
          message: 'Duplicate project id',
        })
      }
      seen.add(project.id)
    })
    const chains = new Set<string>()
    config.chains.forEach((chain, index) => {
      if (chains.has(chain.caipNetworkId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['chains', index, 'caipNetworkId'],
          message: 'Duplicate chain',
        })
      }
      chains.add(chain.caipNetworkId)
    })
    checkSocialFeatures(config, (issue) => ctx.addIssue({ code: 'custom', ...issue }))
    checkFarcasterConfig(config, (issue) => ctx.addIssue({ code: 'custom', ...issue }))
  })

export type ServerConfigInput = z.input<typeof serverConfigSchema>
export type ServerConfig = z.output<typeof serverConfigSchema>
export type ProjectConfig = z.output<typeof projectConfigSchema>
export type ChainConfig = z.output<typeof chainConfigSchema>
export type IndexerConfig = z.output<typeof indexerConfigSchema>
export type TokenConfig = z.output<typeof tokenConfigSchema>
export type PriceSource = z.output<typeof priceSourceSchema>
export type AuthConfig = z.output<typeof authConfigSchema>
export type SmtpConfig = z.output<typeof smtpConfigSchema>
export type CustodyConfig = z.output<typeof custodyConfigSchema>
export type SecureFrameConfig = z.output<typeof secureFrameConfigSchema>
export type { SocialConfig } from '../auth/social-config.js'
export type { FarcasterConfig } from '../auth/farcaster-config.js'
