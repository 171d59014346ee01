import { isCaipNetworkId } from '@latch/core'
import { projectIdSchema } from '@latch/core/api'
import * as z from 'zod'

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
  /** Origins whose pages may call the server for this project; others get 403 and no CORS grant. */
  allowedOrigins: z.array(originPattern).min(1),
  /** SPEC §7 remote features. */
  features: z.array(featureSchema).default([]),
  /** SPEC §7 `GET /getAnalyticsConfig`. Off unless the operator turns it on. */
  analytics: z.boolean().default(false),
  /** The project's JSON-RPC proxy budget (SPEC §7 `/v1/`), shared by every server instance. */
  rpcRateLimit: rateLimitSchema.default({ requests: 600, windowSeconds: 60 }),
})

export const chainConfigSchema = z.object({
  caipNetworkId,
  /** Upstream JSON-RPC endpoints, tried in order. */
  rpcUrls: z.array(httpUrl).min(1),
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

export const serverConfigSchema = z
  .object({
    projects: z.array(projectConfigSchema).min(1),
    chains: z.array(chainConfigSchema).default([]),
    tokens: z.array(tokenConfigSchema).default([]),
    prices: priceSourceSchema.default({ kind: 'none' }),
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
  })

export type ServerConfigInput = z.input<typeof serverConfigSchema>
export type ServerConfig = z.output<typeof serverConfigSchema>
export type ProjectConfig = z.output<typeof projectConfigSchema>
export type ChainConfig = z.output<typeof chainConfigSchema>
