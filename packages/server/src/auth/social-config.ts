import { SOCIAL_FLOW_TTL_SECONDS, SOCIAL_PROVIDERS, type SocialProvider } from '@latch/core/api'
import * as z from 'zod'

// The `social` section of the server's configuration (issue 12): each provider's client
// credentials and endpoints. A provider without credentials is off. The endpoints default to the
// providers' real ones; tests and `npm start` point them all at the local identity provider.

/** https, or http on a loopback host (the local identity provider): tokens travel on these. */
function isSafeEndpoint(value: string): boolean {
  const url = new URL(value)
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' &&
      (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ||
        url.hostname.endsWith('.localhost')))
  )
}

const endpointUrl = z
  .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
  .refine(isSafeEndpoint, 'Must be https (http only on localhost or 127.0.0.1)')

/**
 * Where the server talks to a provider. The names are the local identity provider's
 * (`ProviderEndpoints`), so its endpoints can be given as they are.
 */
export const socialEndpointsSchema = z.object({
  authorizationEndpoint: endpointUrl,
  tokenEndpoint: endpointUrl,
  /** GitHub `/user`, Discord `/users/@me`, X `/2/users/me`, Facebook `/me`. */
  userInfoEndpoint: endpointUrl.optional(),
  /** GitHub `/user/emails`: where a verified primary email is read. */
  userEmailsEndpoint: endpointUrl.optional(),
  /** Google, Apple: the id token's `iss`. */
  issuer: z.string().min(1).optional(),
  /** Google, Apple: the keys the id token is signed with. */
  jwksUri: endpointUrl.optional(),
})

export type SocialEndpoints = z.output<typeof socialEndpointsSchema>

/** The providers' real endpoints: what a provider uses unless `endpoints` replaces them. */
export const SOCIAL_DEFAULT_ENDPOINTS: Record<SocialProvider, SocialEndpoints> = {
  google: {
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    issuer: 'https://accounts.google.com',
    jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  github: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userInfoEndpoint: 'https://api.github.com/user',
    userEmailsEndpoint: 'https://api.github.com/user/emails',
  },
  apple: {
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    issuer: 'https://appleid.apple.com',
    jwksUri: 'https://appleid.apple.com/auth/keys',
  },
  facebook: {
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userInfoEndpoint: 'https://graph.facebook.com/v19.0/me',
  },
  x: {
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userInfoEndpoint: 'https://api.x.com/2/users/me',
  },
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userInfoEndpoint: 'https://discord.com/api/users/@me',
  },
}

const clientId = z.string().min(1).max(512)
const clientSecret = z.string().min(1).max(4096)

/** A provider's client: its id and secret, and any endpoint to replace. */
const clientSchema = z.object({
  clientId,
  clientSecret,
  endpoints: socialEndpointsSchema.partial().optional(),
})

/**
 * Apple's client: a plain `clientSecret`, or (Apple's real scheme) the developer key the server
 * signs a fresh ES256 client secret with for each exchange: the team id (`iss`), the key id
 * (`kid`) and the key itself, a PKCS#8 PEM ("BEGIN PRIVATE KEY", as Apple's .p8 file holds it).
 */
const appleClientSchema = z.union([
  clientSchema,
  z.object({
    clientId,
    teamId: z.string().min(1).max(64),
    keyId: z.string().min(1).max(64),
    privateKey: z
      .string()
      .regex(/-----BEGIN PRIVATE KEY-----/, 'Must be a PKCS#8 PEM ("BEGIN PRIVATE KEY")'),
    endpoints: socialEndpointsSchema.partial().optional(),
  }),
])

const rateLimitSchema = z.object({
  requests: z.number().int().positive(),
  windowSeconds: z.number().int().positive().max(86_400),
})

/** The social login's limits per client address, counted in the database like the email's. */
const socialRateLimitsSchema = z.object({
  /** Flows started: 30 per 10 minutes. */
  startPerIp: rateLimitSchema.default({ requests: 30, windowSeconds: 600 }),
  /** Connects: 30 per 10 minutes. */
  connectPerIp: rateLimitSchema.default({ requests: 30, windowSeconds: 600 }),
  /** Result polls (about one a second while a popup is open): 1200 per 10 minutes. */
  resultPerIp: rateLimitSchema.default({ requests: 1200, windowSeconds: 600 }),
  /** Popups sent back by a provider: 60 per 10 minutes. */
  callbackPerIp: rateLimitSchema.default({ requests: 60, windowSeconds: 600 }),
})

/**
 * Social login (issue 12): needs `auth` (the session it ends in is the email login's). Each
 * provider listed with credentials is on; the others answer PROVIDER_NOT_CONFIGURED.
 */
export const socialConfigSchema = z.object({
  /**
   * The origin the providers send the popup back to (`{publicUrl}/v1/auth/social/callback/…`,
   * the redirect URI to register with each provider). Absent: `auth.publicUrl`.
   */
  publicUrl: endpointUrl
    .refine(
      (value) => new URL(value).pathname === '/' && !/[?#]/.test(value),
      'Must be an origin, without a path',
    )
    .transform((value) => new URL(value).origin)
    .optional(),
  /** A flow's whole life, start to connect: 10 minutes. */
  flowTtlSeconds: z.number().int().min(60).max(3_600).default(SOCIAL_FLOW_TTL_SECONDS),
  rateLimits: socialRateLimitsSchema.default({
    startPerIp: { requests: 30, windowSeconds: 600 },
    connectPerIp: { requests: 30, windowSeconds: 600 },
    resultPerIp: { requests: 1200, windowSeconds: 600 },
    callbackPerIp: { requests: 60, windowSeconds: 600 },
  }),
  providers: z
    .object({
      google: clientSchema.optional(),
      github: clientSchema.optional(),
      apple: appleClientSchema.optional(),
      facebook: clientSchema.optional(),
      x: clientSchema.optional(),
      discord: clientSchema.optional(),
    })
    .default({}),
})

export type SocialConfig = z.output<typeof socialConfigSchema>
export type SocialClientConfig = z.output<typeof clientSchema>
export type AppleClientConfig = z.output<typeof appleClientSchema>

/** The providers a configuration turns on. */
export function configuredProviders(social: SocialConfig | undefined): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => social?.providers[provider] !== undefined)
}

/** What the check of the projects' `socials` feature needs from the whole configuration. */
interface SocialFeatureInput {
  projects: readonly {
    features: readonly { id: string; isEnabled: boolean; config?: string[] | null | undefined }[]
  }[]
  social?: SocialConfig | undefined
  auth?: unknown
}

/**
 * The whole configuration's social rules, for its `superRefine`: social login needs `auth`, and
 * a project's `socials` feature must not offer a provider the server cannot log in with (one
 * enabled without a list offers all six). Farcaster is its own flow and is not checked here.
 */
export function checkSocialFeatures(
  config: SocialFeatureInput,
  addIssue: (issue: { path: (string | number)[]; message: string }) => void,
): void {
  if (config.social !== undefined && config.auth === undefined) {
    addIssue({ path: ['social'], message: 'Social login needs auth (its sessions are the same)' })
  }
  const on = new Set<string>(configuredProviders(config.social))
  config.projects.forEach((project, projectIndex) => {
    project.features.forEach((feature, featureIndex) => {
      if (feature.id !== 'socials' || !feature.isEnabled) return
      const offered = feature.config ?? [...SOCIAL_PROVIDERS]
      const missing = offered.filter(
        (id) => (SOCIAL_PROVIDERS as readonly string[]).includes(id) && !on.has(id),
      )
      if (missing.length > 0) {
        addIssue({
          path: ['projects', projectIndex, 'features', featureIndex, 'config'],
          message: `Social login is not configured for ${missing.join(', ')} (social.providers)`,
        })
      }
    })
  })
}
